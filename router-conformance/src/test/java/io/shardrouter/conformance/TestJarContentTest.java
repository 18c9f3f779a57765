package io.shardrouter.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * router-core's test-jar, which other modules' tests use, holds only the shared fixtures: no class
 * in a package that main code uses, no test class, no {@code META-INF/services} entry a consumer's
 * ServiceLoader would pick up.
 */
class TestJarContentTest {

  @Test
  void coreTestJar_holdsOnlyTheFixturesPackage() throws IOException {
    Path target = LibraryModule.root().resolve("router-core").resolve("target");
    Path jar;
    try (Stream<Path> files = Files.list(target)) {
      jar = files.filter(f -> f.toString().endsWith("-tests.jar")).findFirst().orElse(null);
    }
    Assumptions.assumeTrue(jar != null, "router-core's test-jar is built in the package phase");

    Set<String> mainPackages = new TreeSet<>();
    for (LibraryModule m : LibraryModule.all()) {
      mainPackages.addAll(m.packages());
    }
    List<String> classes = new ArrayList<>();
    List<String> services = new ArrayList<>();
    try (JarFile j = new JarFile(jar.toFile())) {
      for (JarEntry e : (Iterable<JarEntry>) j.stream()::iterator) {
        String name = e.getName();
        if (name.startsWith("META-INF/services/") && !e.isDirectory()) {
          services.add(name);
        } else if (name.endsWith(".class")) {
          classes.add(name);
        }
      }
    }
    assertEquals(List.of(), services, jar + " must register no service");
    assertFalse(classes.isEmpty(), jar + " has no fixture");
    for (String c : classes) {
      String pkg = c.substring(0, c.lastIndexOf('/')).replace('/', '.');
      assertTrue(
          pkg.startsWith("io.shardrouter.testing"), c + " is outside io.shardrouter.testing");
      assertFalse(mainPackages.contains(pkg), c + " is in a package of main code");
      assertFalse(c.matches(".*Tests?(\\$.*)?\\.class"), c + " is a test, not a fixture");
    }
  }
}
