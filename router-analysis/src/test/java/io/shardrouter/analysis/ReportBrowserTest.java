package io.shardrouter.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.KeySample;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report in a real headless browser (Debian's {@code chromium}) for three samples: a hot
 * key, monotonic keys and uniform keys. Each page loads without a script error or console message,
 * shows no test text, and a screenshot is checked pixel by pixel: every chart's fill colour in its
 * place of the 2 x 2 grid, and what tells the samples apart (the scatter's diagonal, the key bars
 * against the mean partition's line). Skipped when chromium is absent, unless {@code
 * SHARDROUTER_REQUIRE_BROWSER=1}, which makes its absence a failure. The screenshots are kept in
 * {@code target/report-*.png} (those in {@code docs/} are copies).
 */
class ReportBrowserTest {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");

  /** The reference lines' colour. */
  private static final String REF_COLOUR = "#cc0000";

  @TempDir Path dir;

  @BeforeEach
  void needsChromium() {
    if (!Files.isExecutable(CHROMIUM)) {
      if ("1".equals(System.getenv("SHARDROUTER_REQUIRE_BROWSER"))) {
        fail(
            "SHARDROUTER_REQUIRE_BROWSER=1 but "
                + CHROMIUM
                + " is missing; apt-get install chromium");
      }
      assumeTrue(false, CHROMIUM + " is not installed; the browser test is skipped");
    }
  }

  @Test
  void hotKeySample_chartsInTheirPlaces_keyAboveTheMeanPartition_scatterACloud() throws Exception {
    Page page = render(hotKeyReport(), "hotkey");
    Charts c = page.charts();
    assertTrue(c.groups.count > 5_000, () -> "group bars: " + c.groups);
    assertTrue(c.partitions.count > 2_000, () -> "partition bars: " + c.partitions);
    assertTrue(c.keys.count > 1_000, () -> "hot key bars: " + c.keys);
    assertTrue(c.growth.count > 1_000, () -> "scatter: " + c.growth);
    c.inTheirPlaces();
    int ref = page.keyReferenceLine(c);
    assertTrue(c.keys.maxX > ref + 60, () -> "the hot key's bar passes the mean line " + ref);
    // random arrival order: points in every quadrant of the scatter
    assertTrue(page.quadrant(c.growth, false, false) > 100, "top-left quadrant of the scatter");
    assertTrue(page.quadrant(c.growth, true, true) > 100, "bottom-right quadrant");
  }

  @Test
  void monotonicSample_scatterIsTheDiagonal_andTheHotTailLabelled() throws Exception {
    AnalysisReport r = monotonicReport();
    Page page = render(r, "monotonic");
    assertTrue(page.html.contains(">p11 100.00% (g1)</text>"), "the hottest partition labelled");
    assertTrue(page.html.contains(">Spearman ρ = 1.000: monotonic (monotonic from |ρ| ≥ 0.7)<"));
    Charts c = page.charts();
    assertTrue(c.growth.count > 1_000, () -> "scatter: " + c.growth);
    assertTrue(c.partitions.count > 2_000, () -> "partition bars: " + c.partitions);
    c.inTheirPlaces();
    // the points run from the bottom left to the top right: none above the diagonal's band
    assertTrue(page.quadrant(c.growth, false, false) < 20, "top-left quadrant of the scatter");
    assertTrue(page.quadrant(c.growth, true, true) < 20, "bottom-right quadrant of the scatter");
    assertTrue(page.quadrant(c.growth, false, true) > 300, "bottom-left quadrant");
    assertTrue(page.quadrant(c.growth, true, false) > 300, "top-right quadrant");
  }

  @Test
  void uniformSample_keyBarsStayBelowTheMeanPartition() throws Exception {
    Page page = render(uniformReport(), "uniform");
    Charts c = page.charts();
    assertTrue(c.groups.count > 5_000, () -> "group bars: " + c.groups);
    assertTrue(c.keys.count > 200, () -> "key bars: " + c.keys);
    c.inTheirPlaces();
    int ref = page.keyReferenceLine(c);
    assertTrue(c.keys.maxX < ref - 40, () -> "key bars " + c.keys + " end left of the line " + ref);
  }

  /** Zipf keys with a hot key (16.7% of the load) over 64 partitions in 4 groups. */
  static AnalysisReport hotKeyReport() {
    RoutingTable t = Fixtures.table("hash_mod", 64, 4, 3);
    SplittableRandom r = new SplittableRandom(15_501);
    Fixtures.Zipf z = new Fixtures.Zipf(5_000, 1.1);
    KeySample s = new KeySample(KeyType.STRING);
    for (int i = 0; i < 20_000; i++) {
      s.add("customer-" + z.next(r), 1);
    }
    return KeyAnalysis.of(t).analyze(s);
  }

  /** A timestamp a minute for 5,000 minutes from 20 December on monthly ranges over 2 groups. */
  static AnalysisReport monotonicReport() {
    KeySample s = new KeySample(KeyType.TIMESTAMP);
    Instant t = Instant.parse("2026-12-20T00:00:00Z");
    for (int i = 0; i < 5_000; i++) {
      s.add(t.plusSeconds(60L * i).toString(), 1);
    }
    return KeyAnalysis.of(Fixtures.monthlyRanges(12)).analyze(s);
  }

  /** 20,000 random keys (almost all seen once) over 64 partitions in 4 groups. */
  static AnalysisReport uniformReport() {
    SplittableRandom r = new SplittableRandom(15_502);
    KeySample s = new KeySample(KeyType.STRING);
    for (int i = 0; i < 20_000; i++) {
      s.add(String.format("user-%08x", r.nextInt()), 1);
    }
    return KeyAnalysis.of(Fixtures.table("hash_mod", 64, 4, 3)).analyze(s);
  }

  /** A rendered page: its HTML, the DOM after the script ran, and the screenshot. */
  private record Page(String html, String dom, BufferedImage img) {
    Charts charts() {
      return new Charts(
          box(img, ReportHtml.GROUP_COLOUR, 0, 0, img.getWidth(), img.getHeight()),
          box(img, ReportHtml.PARTITION_COLOUR, 0, 0, img.getWidth(), img.getHeight()),
          box(img, ReportHtml.KEY_COLOUR, 0, 0, img.getWidth(), img.getHeight()),
          box(img, ReportHtml.GROWTH_COLOUR, 0, 0, img.getWidth(), img.getHeight()));
    }

    /** The x of the dashed mean-partition line of the key chart: its most red column. */
    int keyReferenceLine(Charts c) {
      int want = Integer.parseInt(REF_COLOUR.substring(1), 16);
      int best = -1;
      int most = 0;
      for (int x = 0; x < c.growth.minX; x++) {
        int n = 0;
        for (int y = c.groups.maxY + 40; y < c.keys.maxY; y++) {
          if (close(img.getRGB(x, y) & 0xFFFFFF, want)) {
            n++;
          }
        }
        if (n > most) {
          most = n;
          best = x;
        }
      }
      assertTrue(most > 50, "no vertical reference line in the key chart");
      return best;
    }

    /** The scatter's pixels in one quadrant of its box. */
    int quadrant(Box b, boolean right, boolean bottom) {
      int mx = (b.minX + b.maxX) / 2;
      int my = (b.minY + b.maxY) / 2;
      int x0 = right ? mx + 10 : b.minX;
      int x1 = right ? b.maxX + 1 : mx - 10;
      int y0 = bottom ? my + 10 : b.minY;
      int y1 = bottom ? b.maxY + 1 : my - 10;
      return box(img, ReportHtml.GROWTH_COLOUR, x0, y0, x1, y1).count;
    }
  }

  /** Where each chart's colour is. */
  private record Charts(Box groups, Box partitions, Box keys, Box growth) {
    /** Groups and hot keys on the left, partitions and the scatter on the right. */
    void inTheirPlaces() {
      assertTrue(groups.maxX < partitions.minX, () -> groups + " left of " + partitions);
      assertTrue(groups.maxY < keys.minY, () -> groups + " above " + keys);
      assertTrue(partitions.maxY < growth.minY, () -> partitions + " above " + growth);
      assertTrue(growth.minX > keys.minX, () -> growth + " right of " + keys);
    }
  }

  /**
   * Renders {@code r} (with the document {@code ENTITY.json}): the script sets {@code
   * data-report="rendered bars=N"}, the console stays silent, no test text or hook is visible, the
   * next step names the advise command; the screenshot goes to {@code target/report-NAME.png}.
   */
  private Page render(AnalysisReport r, String name) throws Exception {
    String html = r.toHtml(r.entity() + ".json");
    Path file = dir.resolve("report-" + name + ".html");
    Files.writeString(file, html, StandardCharsets.UTF_8);

    Run dom = chromium(List.of("--dump-dom", file.toUri().toString()));
    Matcher status = Pattern.compile("<body data-report=\"([^\"]*)\"").matcher(dom.out);
    assertTrue(status.find(), dom::toString);
    String bars = String.valueOf(html.split("class=\"bar\"", -1).length - 1);
    assertEquals("rendered bars=" + bars, status.group(1), () -> "the page script said:\n" + dom);
    for (String line : dom.err.split("\n")) {
      assertFalse(line.contains("CONSOLE"), () -> "console output: " + line);
    }
    String visible =
        dom.out
            .replaceAll("(?s)<script.*?</script>", "")
            .replaceAll("(?s)<style.*?</style>", "")
            .replaceAll("(?s)<title>.*?</title>", "")
            .replaceAll("(?s)<[^>]*>", " ");
    for (String hook : List.of("report-rendered", "rendered bars", "bars=", "loading")) {
      assertFalse(visible.contains(hook), () -> "visible on the page: " + hook);
    }
    assertTrue(visible.contains("shardctl advise " + r.entity() + ".json --stats STATS"), visible);

    Path png = dir.resolve("report-" + name + ".png");
    Run shot =
        chromium(
            List.of("--screenshot=" + png, "--window-size=1000,1400", file.toUri().toString()));
    assertTrue(Files.size(png) > 0, shot::toString);
    Path keep = Path.of("target", "report-" + name + ".png");
    Files.createDirectories(keep.getParent());
    Files.copy(png, keep, StandardCopyOption.REPLACE_EXISTING);
    return new Page(html, dom.out, ImageIO.read(png.toFile()));
  }

  private record Run(int status, String out, String err) {
    @Override
    public String toString() {
      return "status " + status + "\n--- out\n" + out + "\n--- err\n" + err;
    }
  }

  private Run chromium(List<String> args) throws IOException, InterruptedException {
    Path profile = Files.createTempDirectory(dir, "profile");
    List<String> cmd = new ArrayList<>();
    cmd.add(CHROMIUM.toString());
    cmd.addAll(
        List.of(
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            "--v=0",
            "--user-data-dir=" + profile));
    cmd.addAll(args);
    Path out = dir.resolve("out-" + System.nanoTime());
    Path err = dir.resolve("err-" + System.nanoTime());
    Process p =
        new ProcessBuilder(cmd)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .directory(dir.toFile())
            .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("chromium did not finish within 120 s: " + cmd);
    }
    Run run = new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    assertEquals(0, run.status, run::toString);
    return run;
  }

  /** Where the pixels of one colour are, and how many. */
  private record Box(int count, int minX, int minY, int maxX, int maxY) {}

  /** The pixels of {@code colour} in {@code [x0, x1) x [y0, y1)}. */
  private static Box box(BufferedImage img, String colour, int x0, int y0, int x1, int y1) {
    int want = Integer.parseInt(colour.substring(1), 16);
    int n = 0;
    int minX = Integer.MAX_VALUE;
    int minY = Integer.MAX_VALUE;
    int maxX = -1;
    int maxY = -1;
    for (int y = Math.max(0, y0); y < Math.min(img.getHeight(), y1); y++) {
      for (int x = Math.max(0, x0); x < Math.min(img.getWidth(), x1); x++) {
        if (close(img.getRGB(x, y) & 0xFFFFFF, want)) {
          n++;
          minX = Math.min(minX, x);
          minY = Math.min(minY, y);
          maxX = Math.max(maxX, x);
          maxY = Math.max(maxY, y);
        }
      }
    }
    return new Box(n, minX, minY, maxX, maxY);
  }

  private static boolean close(int rgb, int want) {
    for (int shift = 0; shift < 24; shift += 8) {
      if (Math.abs(((rgb >> shift) & 0xFF) - ((want >> shift) & 0xFF)) > 6) {
        return false;
      }
    }
    return true;
  }
}
