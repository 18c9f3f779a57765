package io.shardrouter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.stats.internal.ReportHtml;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report in a real headless browser (Debian's {@code chromium}): the page loads without a
 * script error or console message, and a screenshot shows every chart, told by counting the pixels
 * of each chart's fill colour where that chart stands. Skipped when chromium is absent, unless
 * {@code SHARDROUTER_REQUIRE_BROWSER=1}, which makes its absence a failure.
 */
class ReportBrowserTest {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");

  @TempDir Path dir;

  @Test
  void report_inChromium_loadsCleanly_andTheScreenshotShowsTheCharts() throws Exception {
    boolean required = "1".equals(System.getenv("SHARDROUTER_REQUIRE_BROWSER"));
    if (!Files.isExecutable(CHROMIUM)) {
      if (required) {
        fail(
            "SHARDROUTER_REQUIRE_BROWSER=1 but "
                + CHROMIUM
                + " is missing; apt-get install chromium");
      }
      assumeTrue(false, CHROMIUM + " is not installed; the browser test is skipped");
    }
    Path html = dir.resolve("report.html");
    Files.writeString(html, report().toHtml(), StandardCharsets.UTF_8);

    Run dom = chromium(List.of("--dump-dom", html.toUri().toString()));
    java.util.regex.Matcher status =
        java.util.regex.Pattern.compile("<p id=\"status\">([^<]*)</p>").matcher(dom.out);
    assertTrue(status.find(), dom::toString);
    String bars = String.valueOf(report().toHtml().split("class=\"bar\"", -1).length - 1);
    assertEquals(
        "report-rendered bars=" + bars, status.group(1), () -> "the page script said:\n" + dom);
    for (String line : dom.err.split("\n")) {
      assertFalse(line.contains("CONSOLE"), () -> "console output: " + line);
    }

    Path png = dir.resolve("report.png");
    Run shot =
        chromium(
            List.of("--screenshot=" + png, "--window-size=1000,1300", html.toUri().toString()));
    assertTrue(Files.size(png) > 0, shot::toString);
    BufferedImage img = ImageIO.read(png.toFile());
    Path keep = Path.of("target", "report-screenshot.png"); // for docs/observability.md
    Files.createDirectories(keep.getParent());
    Files.copy(png, keep, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    // the charts stand in a 2 x 2 grid: groups and hot keys left, partitions and growth right
    Box groups = box(img, ReportHtml.GROUP_COLOUR);
    Box partitions = box(img, ReportHtml.PARTITION_COLOUR);
    Box keys = box(img, ReportHtml.KEY_COLOUR);
    Box growth = box(img, ReportHtml.GROWTH_COLOUR);
    assertTrue(groups.count > 5_000, () -> "group bars: " + groups);
    assertTrue(partitions.count > 2_000, () -> "partition bars: " + partitions);
    assertTrue(keys.count > 1_000, () -> "hot key bars: " + keys);
    assertTrue(growth.count > 300, () -> "growth curve: " + growth);
    assertTrue(groups.maxX < partitions.minX, () -> groups + " left of " + partitions);
    assertTrue(groups.maxY < keys.minY, () -> groups + " above " + keys);
    assertTrue(partitions.maxY < growth.minY, () -> partitions + " above " + growth);
    assertTrue(growth.minX > keys.minX, () -> growth + " right of " + keys);
  }

  /** A report with every chart: Zipf keys with a hot key, over 64 partitions in 4 groups. */
  static AnalysisReport report() {
    RoutingTable t = Fixtures.table("hash_mod", 64, 4, 3);
    SplittableRandom r = new SplittableRandom(15_501);
    Fixtures.Zipf z = new Fixtures.Zipf(5_000, 1.1);
    KeySample s = new KeySample(KeyType.STRING);
    for (int i = 0; i < 20_000; i++) {
      s.add("customer-" + z.next(r), 1);
    }
    return KeyAnalysis.of(t).analyze(s);
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

  private static Box box(BufferedImage img, String colour) {
    int want = Integer.parseInt(colour.substring(1), 16);
    int n = 0;
    int minX = Integer.MAX_VALUE;
    int minY = Integer.MAX_VALUE;
    int maxX = -1;
    int maxY = -1;
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
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
