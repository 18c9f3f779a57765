package io.shardrouter.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * One module of the reactor as the gates see it: its compiled main classes, its packages, the
 * packages it exports and its committed API file.
 *
 * <p>Exported packages come from the module's {@code module-info} when it has one (its unqualified
 * {@code exports}); otherwise every package whose name has no {@code internal} segment is taken as
 * exported.
 *
 * <p>The surefire configuration of this module passes the reactor root ({@code shardrouter.root})
 * and the module lists; run the tests through Maven ({@code ./mvnw -pl router-conformance -am}).
 */
record LibraryModule(String artifactId, Path classes, Optional<ModuleDescriptor> descriptor) {

  /** The library modules: published, with an API snapshot, managed by the BOM. */
  static List<LibraryModule> libraries() {
    return list("shardrouter.library.modules");
  }

  /** The library modules and the applications (router-cli): every module the rules look at. */
  static List<LibraryModule> all() {
    List<LibraryModule> all = new ArrayList<>(libraries());
    all.addAll(list("shardrouter.application.modules"));
    return all;
  }

  /** The reactor's root directory. */
  static Path root() {
    String root = System.getProperty("shardrouter.root");
    if (root == null) {
      throw new IllegalStateException(
          "system property shardrouter.root is not set; run through Maven: "
              + "./mvnw -B verify -pl router-conformance -am");
    }
    return Paths.get(root).toAbsolutePath().normalize();
  }

  private static List<LibraryModule> list(String property) {
    String names = System.getProperty(property);
    if (names == null || names.isBlank()) {
      throw new IllegalStateException(
          "system property "
              + property
              + " is not set; run through Maven (router-conformance/pom.xml)");
    }
    List<LibraryModule> modules = new ArrayList<>();
    for (String name : names.split(",", -1)) { // -1: an empty name between commas is refused
      if (name.isBlank()) {
        throw new IllegalStateException(
            "system property " + property + " has an empty module name: '" + names + "'");
      }
      modules.add(of(name.trim()));
    }
    return modules;
  }

  static LibraryModule of(String artifactId) {
    Path classes = root().resolve(artifactId).resolve("target").resolve("classes");
    if (!Files.isDirectory(classes)) {
      throw new IllegalStateException(
          classes + " does not exist; build the module first (-am builds it with this one)");
    }
    Path moduleInfo = classes.resolve("module-info.class");
    Optional<ModuleDescriptor> descriptor = Optional.empty();
    if (Files.isRegularFile(moduleInfo)) {
      try (InputStream in = Files.newInputStream(moduleInfo)) {
        descriptor = Optional.of(ModuleDescriptor.read(in));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return new LibraryModule(artifactId, classes, descriptor);
  }

  /** The committed API file: {@code <module>/api/<module>.api}. */
  Path apiFile() {
    return root().resolve(artifactId).resolve("api").resolve(artifactId + ".api");
  }

  /** The JPMS name: from {@code module-info}, else the root package (the Automatic-Module-Name). */
  String moduleName() {
    return descriptor.map(ModuleDescriptor::name).orElseGet(this::rootPackage);
  }

  /** The shortest package of the module; every other package of it starts with this one. */
  String rootPackage() {
    return packages().stream()
        .min((a, b) -> Integer.compare(a.length(), b.length()))
        .orElseThrow(() -> new IllegalStateException(artifactId + " has no classes"));
  }

  /** Binary names of every main class of the module, sorted. */
  Set<String> classNames() {
    Set<String> names = new TreeSet<>();
    try (Stream<Path> files = Files.walk(classes)) {
      files
          .filter(f -> f.toString().endsWith(".class"))
          .map(f -> classes.relativize(f).toString())
          .map(f -> f.substring(0, f.length() - ".class".length()).replace('/', '.'))
          .filter(n -> !n.equals("module-info") && !n.endsWith(".package-info"))
          .forEach(names::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return names;
  }

  /** Every package that holds a main class. */
  Set<String> packages() {
    Set<String> packages = new TreeSet<>();
    for (String name : classNames()) {
      int dot = name.lastIndexOf('.');
      packages.add(dot < 0 ? "" : name.substring(0, dot));
    }
    return packages;
  }

  /** The packages a consumer may use (see the class comment). */
  Set<String> exportedPackages() {
    Set<String> exported = new TreeSet<>();
    if (descriptor.isPresent()) {
      for (ModuleDescriptor.Exports e : descriptor.get().exports()) {
        if (!e.isQualified()) {
          exported.add(e.source());
        }
      }
    } else {
      for (String p : packages()) {
        if (!isInternal(p)) {
          exported.add(p);
        }
      }
    }
    return exported;
  }

  /** The modules a package is exported to by a qualified export; empty when there is none. */
  Set<String> qualifiedTargets(String pkg) {
    Set<String> targets = new TreeSet<>();
    descriptor.ifPresent(
        d -> {
          for (ModuleDescriptor.Exports e : d.exports()) {
            if (e.isQualified() && e.source().equals(pkg)) {
              targets.addAll(e.targets());
            }
          }
        });
    return targets;
  }

  /** Whether a package name has an {@code internal} segment. */
  static boolean isInternal(String pkg) {
    return pkg.endsWith(".internal") || pkg.contains(".internal.");
  }
}
