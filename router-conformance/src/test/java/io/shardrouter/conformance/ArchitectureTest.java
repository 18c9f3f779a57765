package io.shardrouter.conformance;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Architecture rules over the main classes of every module (libraries and router-cli), read from
 * their {@code target/classes}.
 *
 * <p>Every rule is plain: no violation is recorded or tolerated, and no package is exempt.
 */
class ArchitectureTest {
  /** The codec package: the one exported package whose signatures may name Jackson types. */
  static final String CODEC_PACKAGE = "io.shardrouter.core.metadata";

  private static List<LibraryModule> modules;
  private static JavaClasses classes;
  private static Map<String, LibraryModule> moduleOfPackage;

  @BeforeAll
  static void importMainClasses() {
    modules = LibraryModule.all();
    List<Path> paths = new ArrayList<>();
    moduleOfPackage = new HashMap<>();
    for (LibraryModule m : modules) {
      paths.add(m.classes());
      for (String p : m.packages()) {
        moduleOfPackage.put(p, m);
      }
    }
    classes = new ClassFileImporter().importPaths(paths);
  }

  /**
   * Assigns a class to its package; {@code x.internal} is a package like any other, so {@code x} ↔
   * {@code x.internal} is a cycle.
   */
  static final SliceAssignment PACKAGES =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
          String p = c.getPackageName();
          if (!p.startsWith("io.shardrouter.")) {
            return SliceIdentifier.ignore();
          }
          return SliceIdentifier.of(p);
        }

        @Override
        public String getDescription() {
          return "io.shardrouter packages (an internal package counted apart from its API package)";
        }
      };

  /**
   * (a) No package cycle, inside a module or across modules, and none between a package and its
   * {@code internal} package: the API package may use {@code x.internal}, whose code then knows
   * nothing of {@code x} (docs/architecture.md §2.1); code that needs both lives in {@code x},
   * package-private. {@code ArchitectureRulesFailTest} shows the rule failing on such a pair.
   */
  @Test
  void packages_haveNoCycles() {
    noPackageCycles().check(classes);
  }

  static ArchRule noPackageCycles() {
    return slices().assignedFrom(PACKAGES).should().beFreeOfCycles();
  }

  /**
   * (e) Every package of every library module is {@code @NullMarked} (docs/architecture.md §3.5):
   * NullAway checks only marked packages, so an unmarked one would be a package where a returned
   * null goes unnoticed. Read from each {@code package-info.class}, where the annotation is kept.
   */
  @Test
  void libraryPackages_areNullMarked() throws IOException {
    byte[] marker = "Lorg/jspecify/annotations/NullMarked;".getBytes(StandardCharsets.US_ASCII);
    List<String> unmarked = new ArrayList<>();
    for (LibraryModule m : LibraryModule.libraries()) {
      for (String p : m.packages()) {
        Path info = m.classes().resolve(p.replace('.', '/')).resolve("package-info.class");
        if (!Files.exists(info) || indexOf(Files.readAllBytes(info), marker) < 0) {
          unmarked.add(m.artifactId() + ": " + p);
        }
      }
    }
    assertTrue(
        unmarked.isEmpty(),
        "packages without @NullMarked on their package-info.java (add it, then fix what NullAway"
            + " reports): "
            + unmarked);
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /**
   * (b) No module uses another module's {@code internal} packages, except a package that the
   * owner's {@code module-info} exports to the user by a qualified export.
   */
  @Test
  void internalPackages_areUsedOnlyByTheirModule() {
    ArchRule rule =
        classes()
            .should(
                new ArchCondition<JavaClass>(
                    "use no other module's internal packages (unless exported to them)") {
                  @Override
                  public void check(JavaClass item, ConditionEvents events) {
                    LibraryModule from = moduleOfPackage.get(item.getPackageName());
                    for (Dependency d : item.getDirectDependenciesFromSelf()) {
                      String target = d.getTargetClass().getPackageName();
                      LibraryModule owner = moduleOfPackage.get(target);
                      if (owner == null
                          || owner.equals(from)
                          || !LibraryModule.isInternal(target)
                          || owner.qualifiedTargets(target).contains(from.moduleName())) {
                        continue;
                      }
                      events.add(
                          SimpleConditionEvent.violated(
                              item,
                              from.artifactId()
                                  + " uses "
                                  + owner.artifactId()
                                  + "'s internal package "
                                  + target
                                  + ": "
                                  + d.getDescription()));
                    }
                  }
                });
    rule.check(classes);
  }

  /**
   * (c) No Jackson type in an exported signature (supertypes, type parameters, fields,
   * constructors, methods, throws) outside the codec package {@value #CODEC_PACKAGE}, and no type
   * of an internal package in any exported signature: a caller on the module path could not name
   * it, and one on the class path would depend on what changes without notice. Internal packages
   * are not exported and are not checked.
   */
  @Test
  void exportedSignatures_nameNoJacksonType_outsideTheCodec_andNoInternalType() {
    Set<String> exported = new TreeSet<>();
    for (LibraryModule m : modules) {
      exported.addAll(m.exportedPackages());
    }
    ArchRule rule =
        classes()
            .that(
                new com.tngtech.archunit.base.DescribedPredicate<JavaClass>(
                    "are visible types of exported packages") {
                  @Override
                  public boolean test(JavaClass c) {
                    return exported.contains(c.getPackageName()) && isVisible(c);
                  }
                })
            .should(
                new ArchCondition<JavaClass>(
                    "name no internal type, and outside the codec no com.fasterxml.jackson type,"
                        + " in their API") {
                  @Override
                  public void check(JavaClass item, ConditionEvents events) {
                    List<JavaType> types = new ArrayList<>();
                    item.getSuperclass().ifPresent(types::add);
                    types.addAll(item.getInterfaces());
                    types.addAll(item.getTypeParameters());
                    report(item, item.getName(), types, events);
                    for (JavaField f : item.getFields()) {
                      if (isVisible(item, f)) {
                        report(item, f.getFullName(), List.of(f.getType()), events);
                      }
                    }
                    for (JavaCodeUnit u : item.getCodeUnits()) {
                      if (!isVisible(item, u)
                          || u.getModifiers().contains(JavaModifier.SYNTHETIC)) {
                        continue;
                      }
                      List<JavaType> sig = new ArrayList<>(u.getParameterTypes());
                      sig.add(u.getReturnType());
                      sig.addAll(u.getTypeParameters());
                      sig.addAll(u.getThrowsClause().getTypes());
                      report(item, u.getFullName(), sig, events);
                    }
                  }
                });
    rule.check(classes);
  }

  /**
   * Jackson stays in the codec: only the codec package and router-core's internal package (the
   * composite key's text, {@code JsonArrayText}) use a {@code com.fasterxml.jackson} class, so the
   * API packages, the strategies and every other module know no JSON library (docs/architecture.md
   * §3.4).
   */
  @Test
  void onlyTheCodec_usesJackson() {
    onlyTheCodecUses("com.fasterxml.jackson..", CODEC_PACKAGE, "io.shardrouter.core.internal")
        .check(classes);
  }

  /** No class outside {@code codecPackages} uses a class of {@code library} (a package pattern). */
  static ArchRule onlyTheCodecUses(String library, String... codecPackages) {
    return noClasses()
        .that()
        .resideOutsideOfPackages(codecPackages)
        .should()
        .dependOnClassesThat()
        .resideInAPackage(library)
        .because("the codec alone knows the JSON library");
  }

  /**
   * Dependencies point down: no library or application class names a class of an example
   * (docs/architecture.md §2). {@code shardctl demo} finds the orders example at run time, through
   * router-cli's {@code DemoProvider}.
   */
  @Test
  void noModule_dependsOnAnExample() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.shardrouter.examples..")
        .because("examples depend on the library, never the other way")
        .check(classes);
  }

  /** (d) No public static mutable field in main code: every one is final and not an array. */
  @Test
  void publicStaticFields_areFinalAndNotArrays() {
    ArchRule rule =
        fields()
            .that()
            .arePublic()
            .and()
            .areStatic()
            .should(
                new ArchCondition<JavaField>("be final and not an array") {
                  @Override
                  public void check(JavaField f, ConditionEvents events) {
                    if (!f.getModifiers().contains(JavaModifier.FINAL)) {
                      events.add(
                          SimpleConditionEvent.violated(f, f.getFullName() + " is not final"));
                    } else if (f.getRawType().isArray()) {
                      events.add(
                          SimpleConditionEvent.violated(
                              f, f.getFullName() + " is a final array: its elements can change"));
                    }
                  }
                })
            .allowEmptyShould(true);
    rule.check(classes);
  }

  private static void report(
      JavaClass owner, String where, List<? extends JavaType> types, ConditionEvents events) {
    boolean codec = owner.getPackageName().equals(CODEC_PACKAGE);
    for (JavaType t : types) {
      for (JavaClass raw : t.getAllInvolvedRawTypes()) {
        if (!codec && raw.getName().startsWith("com.fasterxml.jackson.")) {
          events.add(
              SimpleConditionEvent.violated(
                  owner, where + " names the Jackson type " + raw.getName() + " in its signature"));
        }
        if (raw.getPackageName().startsWith("io.shardrouter.")
            && (raw.getPackageName().endsWith(".internal")
                || raw.getPackageName().contains(".internal."))) {
          events.add(
              SimpleConditionEvent.violated(
                  owner,
                  where + " names the internal type " + raw.getName() + " in its signature"));
        }
      }
    }
  }

  /** A type a consumer can name: public or protected, and so is every type around it. */
  private static boolean isVisible(JavaClass c) {
    for (JavaClass t = c; t != null; t = t.getEnclosingClass().orElse(null)) {
      Set<JavaModifier> mods = t.getModifiers();
      if (!mods.contains(JavaModifier.PUBLIC) && !mods.contains(JavaModifier.PROTECTED)) {
        return false;
      }
      if (t.isAnonymousClass() || t.isLocalClass()) {
        return false;
      }
    }
    return true;
  }

  private static boolean isVisible(JavaClass owner, JavaMember m) {
    Set<JavaModifier> mods = m.getModifiers();
    return mods.contains(JavaModifier.PUBLIC)
        || (mods.contains(JavaModifier.PROTECTED)
            && !owner.getModifiers().contains(JavaModifier.FINAL));
  }
}
