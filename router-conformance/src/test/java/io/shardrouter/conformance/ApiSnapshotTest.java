package io.shardrouter.conformance;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every library module's exported API equals its committed file {@code <module>/api/<module>.api},
 * so every API change shows in review as a change of that file. On a difference the test prints the
 * lines added and removed and the command that rewrites the files ({@value #UPDATE_COMMAND}).
 */
class ApiSnapshotTest {
  static final String UPDATE_PROPERTY = "shardrouter.api.update";
  static final String UPDATE_COMMAND =
      "./mvnw -B test -pl router-conformance -am -Dtest=ApiSnapshotTest"
          + " -Dsurefire.failIfNoSpecifiedTests=false -Dshardrouter.api.update=true";

  @TestFactory
  Stream<DynamicTest> api_ofEveryLibraryModule_matchesItsCommittedFile() {
    return LibraryModule.libraries().stream()
        .map(m -> DynamicTest.dynamicTest(m.artifactId(), () -> check(m)));
  }

  private static void check(LibraryModule module) throws IOException {
    List<String> actual = ApiSnapshot.of(module);
    Path file = module.apiFile();
    if (Boolean.getBoolean(UPDATE_PROPERTY)) {
      Files.createDirectories(file.getParent());
      List<String> text = new ArrayList<>(header(module));
      text.addAll(actual);
      Files.write(file, text, StandardCharsets.UTF_8);
      System.out.println("wrote " + file + " (" + actual.size() + " lines)");
      return;
    }
    List<String> expected = new ArrayList<>();
    if (Files.exists(file)) {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (!line.isEmpty() && !line.startsWith("#")) {
          expected.add(line);
        }
      }
    }
    if (expected.equals(actual)) {
      return;
    }
    Set<String> removed = new LinkedHashSet<>(expected);
    actual.forEach(removed::remove);
    Set<String> added = new LinkedHashSet<>(actual);
    expected.forEach(added::remove);
    StringBuilder diff = new StringBuilder();
    diff.append("the API of ")
        .append(module.artifactId())
        .append(" differs from ")
        .append(LibraryModule.root().relativize(file))
        .append(Files.exists(file) ? "" : " (missing)")
        .append(": ")
        .append(added.size())
        .append(" added, ")
        .append(removed.size())
        .append(" removed\n");
    removed.forEach(l -> diff.append("- ").append(l).append('\n'));
    added.forEach(l -> diff.append("+ ").append(l).append('\n'));
    diff.append("If the change is intended, rewrite the file and commit it with the change:\n  ")
        .append(UPDATE_COMMAND)
        .append('\n');
    System.out.println(diff);
    fail(diff.toString());
  }

  private static List<String> header(LibraryModule module) {
    return List.of(
        "# The exported API of " + module.artifactId() + ", one line per type or member, sorted.",
        "# Exported packages: "
            + (module.descriptor().isPresent()
                ? "the unqualified exports of module-info"
                : "every package without an 'internal' segment")
            + ". Written by ApiSnapshotTest (router-conformance); never edit by hand:",
        "#   " + UPDATE_COMMAND);
  }
}
