package io.shardrouter.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The directory state store allows one coordinator per migration: a second process is refused with
 * the holder named, and in one process the last claim takes the migration over.
 */
class StateStoreLockTest {
  @TempDir Path dir;

  /** Holds a migration's lock in a process of its own until its standard input closes. */
  public static final class Holder {
    public static void main(String[] args) throws Exception {
      MigrationStateStore store = MigrationStateStore.inDirectory(Path.of(args[0]));
      store.save(MigrationState.planned(args[1], "plan", 1));
      System.out.println("held");
      System.out.flush();
      while (System.in.read() >= 0) {
        // until the test closes our input
      }
    }
  }

  @Test
  void aSecondProcess_isRefusedWithTheHolderNamed_untilTheHolderEnds() throws Exception {
    Process holder =
        new ProcessBuilder(
                List.of(
                    ProcessHandle.current().info().command().orElse("java"),
                    "-cp",
                    System.getProperty("java.class.path"),
                    Holder.class.getName(),
                    dir.toString(),
                    "orders-4to5"))
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    try {
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("held", out.readLine());
      MigrationStateStore mine = MigrationStateStore.inDirectory(dir);
      MigrationStateStore.ConflictException e =
          assertThrows(
              MigrationStateStore.ConflictException.class, () -> mine.claim("orders-4to5"));
      assertTrue(e.getMessage().contains("pid " + holder.pid() + " on "), e.getMessage());
      assertTrue(
          e.getMessage().contains("lock file " + dir.resolve("orders-4to5.lock")), e.getMessage());
      assertThrows(
          MigrationStateStore.ConflictException.class,
          () -> mine.save(MigrationState.planned("orders-4to5", "plan", 1)));
      assertEquals("plan", mine.load("orders-4to5").planFingerprint(), "reading needs no lock");
      mine.claim("users-1to2"); // another migration in the same directory is free
      holder.getOutputStream().close();
      assertTrue(holder.waitFor(30, TimeUnit.SECONDS));
      mine.claim("orders-4to5"); // the lock went with the process
      mine.save(MigrationState.planned("orders-4to5", "plan", 1));
    } finally {
      holder.destroyForcibly();
    }
  }

  @Test
  void inOneProcess_theLastClaimTakesOver_andTheFormerHoldersSavesAreRefused() {
    MigrationStateStore first = MigrationStateStore.inDirectory(dir);
    first.save(MigrationState.planned("m", "plan", 1)); // claims on the first save
    MigrationStateStore second = MigrationStateStore.inDirectory(dir);
    second.claim("m");
    MigrationStateStore.ConflictException e =
        assertThrows(
            MigrationStateStore.ConflictException.class,
            () -> first.save(MigrationState.planned("m", "plan", 1).withStep("late")));
    assertTrue(e.getMessage().contains("taken over"), e.getMessage());
    second.save(MigrationState.planned("m", "plan", 1).withStep("mine"));
    assertTrue(second.load("m").done("mine"));
    assertTrue(new File(dir.toFile(), "m.lock").exists());
  }
}
