package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.metadata.RoutingDocuments;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How a strategy factory reads its parameters: each accessor's default, range check, boundaries and
 * the violation it reports, with its path.
 */
class StrategyParametersTest {
  private final Violations violations = new Violations();

  private StrategyParameters params(String json) {
    Spec node = RoutingDocuments.parseSpec(json);
    return new StrategyParameters(
        node, "strategy", violations, ByteSumStrategy.REGISTRY, KeyType.STRING);
  }

  private void assertReported(String path, String... parts) {
    List<Violation> vs = violations.asList();
    assertEquals(1, vs.size(), vs::toString);
    assertEquals(path, vs.get(0).path(), vs::toString);
    for (String part : parts) {
      assertTrue(vs.get(0).message().contains(part), vs::toString);
    }
  }

  @Test
  void optionalInt_defaultWhenAbsent_valueAtBothBounds_fallbackAndViolationOutside() {
    assertEquals(7, params("{\"type\": \"t\"}").optionalInt("n", 1, 10, 7));
    assertEquals(1, params("{\"n\": 1}").optionalInt("n", 1, 10, 7));
    assertEquals(10, params("{\"n\": 10}").optionalInt("n", 1, 10, 7));
    assertTrue(violations.isEmpty());
    assertEquals(7, params("{\"type\": \"t\", \"n\": 11}").optionalInt("n", 1, 10, 7));
    assertReported("strategy.n", "must be in [1, 10] for strategy 't', got 11");
  }

  @Test
  void optionalInt_belowMin_nonInteger_andBeyondLong_reported() {
    assertEquals(7, params("{\"n\": 0}").optionalInt("n", 1, 10, 7));
    assertReported("strategy.n", "got 0");
    Violations other = new Violations();
    StrategyParameters p =
        new StrategyParameters(
            Spec.object()
                .put("n", Spec.of(new java.math.BigInteger("9223372036854775808")))
                .build(),
            "s",
            other,
            ByteSumStrategy.REGISTRY,
            KeyType.STRING);
    assertEquals(3, p.optionalInt("n", 1, 10, 3));
    assertEquals("s.n", other.asList().get(0).path());
    assertTrue(other.asList().get(0).message().contains("got 9223372036854775808"));
    Violations third = new Violations();
    StrategyParameters q =
        new StrategyParameters(
            Spec.object().put("n", "five").build(),
            "s",
            third,
            ByteSumStrategy.REGISTRY,
            KeyType.STRING);
    assertEquals(4, q.optionalInt("n", 1, 10, 4));
    assertTrue(third.asList().get(0).message().contains("must be an integer in [1, 10], got"));
  }

  @Test
  void requiredInt_missingOrNull_reportsAndReturnsMin() {
    assertEquals(2, params("{\"type\": \"t\"}").requiredInt("n", 2, 5));
    assertReported("strategy.n", "missing; strategy 't' needs an integer in [2, 5]");
    Violations v2 = new Violations();
    StrategyParameters p =
        new StrategyParameters(
            Spec.object().put("n", Spec.nullValue()).build(),
            "s",
            v2,
            ByteSumStrategy.REGISTRY,
            KeyType.STRING);
    assertEquals(2, p.requiredInt("n", 2, 5));
    assertEquals(1, v2.size());
    assertEquals(5, params("{\"n\": 5}").requiredInt("n", 2, 5));
  }

  @Test
  void optionalLong_boundsAndViolations() {
    assertEquals(-1, params("{}").optionalLong("x", 0, 100, -1));
    assertEquals(0, params("{\"x\": 0}").optionalLong("x", 0, 100, -1));
    assertEquals(100, params("{\"x\": 100}").optionalLong("x", 0, 100, -1));
    assertTrue(violations.isEmpty());
    assertEquals(-1, params("{\"x\": 101}").optionalLong("x", 0, 100, -1));
    assertReported("strategy.x", "must be in [0, 100], got 101");
  }

  @Test
  void optionalLong_belowMin_reported() {
    assertEquals(-1, params("{\"x\": -5}").optionalLong("x", 0, 100, -1));
    assertReported("strategy.x", "must be in [0, 100], got -5");
  }

  @Test
  void optionalLong_notAnIntegerOrBeyond64Bits_reported() {
    assertEquals(9, params("{\"x\": 1.5}").optionalLong("x", 0, 100, 9));
    assertReported("strategy.x", "must be an integer in [0, 100], got 1.5");
  }

  @Test
  void optionalLong_beyondSignedLong_reported() {
    assertEquals(
        9,
        params("{\"x\": 9223372036854775808}")
            .optionalLong("x", Long.MIN_VALUE, Long.MAX_VALUE, 9));
    assertReported("strategy.x", "got 9223372036854775808");
  }

  @Test
  void optionalLong_extremesOfLong_accepted() {
    assertEquals(
        Long.MAX_VALUE,
        params("{\"x\": 9223372036854775807}")
            .optionalLong("x", Long.MIN_VALUE, Long.MAX_VALUE, 0));
    assertEquals(
        Long.MIN_VALUE,
        params("{\"x\": -9223372036854775808}")
            .optionalLong("x", Long.MIN_VALUE, Long.MAX_VALUE, 0));
    assertTrue(violations.isEmpty());
  }

  @Test
  void optionalBits64_signedAndUnsignedForms_andTheirLimits() {
    assertEquals(42, params("{}").optionalBits64("seed", 42));
    assertEquals(-1, params("{\"seed\": 18446744073709551615}").optionalBits64("seed", 42));
    assertEquals(
        Long.MIN_VALUE, params("{\"seed\": 9223372036854775808}").optionalBits64("seed", 42));
    assertEquals(
        Long.MIN_VALUE, params("{\"seed\": -9223372036854775808}").optionalBits64("seed", 42));
    assertEquals(7, params("{\"seed\": 7}").optionalBits64("seed", 42));
    assertTrue(violations.isEmpty());
    assertEquals(42, params("{\"seed\": 18446744073709551616}").optionalBits64("seed", 42));
    assertReported("strategy.seed", "must be a 64-bit integer", "got 18446744073709551616");
  }

  @Test
  void optionalBits64_belowSignedMin_andNonInteger_reported() {
    assertEquals(1, params("{\"seed\": -9223372036854775809}").optionalBits64("seed", 1));
    assertReported("strategy.seed", "got -9223372036854775809");
  }

  @Test
  void optionalBits64_text_reported() {
    assertEquals(1, params("{\"seed\": \"7\"}").optionalBits64("seed", 1));
    assertReported("strategy.seed", "must be a 64-bit integer");
  }

  @Test
  void optionalString_defaultValueAndViolation() {
    assertEquals("d", params("{}").optionalString("s", "d"));
    assertEquals("v", params("{\"s\": \"v\"}").optionalString("s", "d"));
    assertTrue(violations.isEmpty());
    assertEquals("d", params("{\"s\": 3}").optionalString("s", "d"));
    assertReported("strategy.s", "must be a string, got 3");
  }

  @Test
  void hasGetAndHasViolations() {
    StrategyParameters p = params("{\"type\": \"t\", \"n\": null}");
    assertTrue(p.has("n"));
    assertFalse(p.has("m"));
    assertTrue(p.get("n").isNull());
    assertNull(p.get("m"));
    assertEquals("t", p.type());
    assertEquals("", params("{\"type\": 3}").type());
    assertFalse(p.hasViolations());
    p.violation("n", "bad");
    assertTrue(p.hasViolations());
    assertReported("strategy.n", "bad");
  }

  @Test
  void nestedStrategy_missing_reported_andBuiltFromTheRegistry() {
    assertNull(params("{}").nestedStrategy("inner"));
    assertReported("strategy.inner", "missing; give a nested strategy object");
    PartitionStrategy inner =
        params("{\"inner\": {\"type\": \"test_byte_sum\", \"partitions\": 3}}")
            .nestedStrategy("inner");
    assertEquals(3, inner.partitionCount());
  }

  @Test
  void optionalString_withoutDefault_nullWhenAbsent_textWhenAString_nullAndReportedOtherwise() {
    assertNull(params("{}").optionalString("s"));
    assertEquals("v", params("{\"s\": \"v\"}").optionalString("s"));
    assertEquals("", params("{\"s\": \"\"}").optionalString("s"));
    assertTrue(violations.isEmpty());
    assertNull(params("{\"s\": 3}").optionalString("s"));
    assertReported("strategy.s", "must be a string, got 3");
  }
}
