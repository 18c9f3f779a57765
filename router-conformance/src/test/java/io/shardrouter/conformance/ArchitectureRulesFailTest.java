package io.shardrouter.conformance;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/**
 * The architecture rules fail where they should: each is run on a small fixture that breaks it and
 * on one that keeps it (packages under {@code io.shardrouter.conformance.fixture}).
 */
class ArchitectureRulesFailTest {

  private static JavaClasses fixture(String name) {
    return new ClassFileImporter().importPackages("io.shardrouter.conformance.fixture." + name);
  }

  @Test
  void cycleRule_failsOnAPackageAndItsInternalPackageNamingEachOther() {
    EvaluationResult r = ArchitectureTest.noPackageCycles().evaluate(fixture("cycle"));

    assertTrue(r.hasViolation(), "x <-> x.internal must count as a cycle");
    String report = r.getFailureReport().toString();
    assertTrue(report.contains("Slice io.shardrouter.conformance.fixture.cycle.internal"), report);
  }

  @Test
  void cycleRule_passesWhenTheInternalPackageKnowsNothingOfTheApi() {
    EvaluationResult r = ArchitectureTest.noPackageCycles().evaluate(fixture("layered"));

    assertFalse(r.hasViolation(), () -> r.getFailureReport().toString());
  }

  @Test
  void codecRule_failsOnAClassOutsideTheCodecUsingTheLibrary() {
    EvaluationResult r =
        ArchitectureTest.onlyTheCodecUses(
                "java.util.zip..", "io.shardrouter.conformance.fixture.libraryleak.codec")
            .evaluate(fixture("libraryleak"));

    assertTrue(r.hasViolation(), "an API class using the library must fail the rule");
    String report = r.getFailureReport().toString();
    assertTrue(report.contains("fixture.libraryleak.api.Api"), report);
    assertFalse(report.contains("fixture.libraryleak.codec.Codec."), report);
  }

  @Test
  void codecRule_passesWhenOnlyTheCodecUsesTheLibrary() {
    EvaluationResult r =
        ArchitectureTest.onlyTheCodecUses(
                "java.util.zip..", "io.shardrouter.conformance.fixture.librarykept.codec")
            .evaluate(fixture("librarykept"));

    assertFalse(r.hasViolation(), () -> r.getFailureReport().toString());
  }
}
