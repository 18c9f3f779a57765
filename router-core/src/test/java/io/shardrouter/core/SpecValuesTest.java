package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** A {@link Spec} answers each kind question for its own kind only, and reads only its own kind. */
class SpecValuesTest {
  private static final Spec OBJ = Spec.object().put("a", 1).build();
  private static final Spec ARR = Spec.array(List.of(Spec.of(1)));
  private static final Spec TXT = Spec.of("t");
  private static final Spec INT = Spec.of(5);
  private static final Spec DEC = Spec.of(1.5);
  private static final Spec BOOL = Spec.of(true);
  private static final Spec NUL = Spec.nullValue();
  private static final List<Spec> ALL = List.of(OBJ, ARR, TXT, INT, DEC, BOOL, NUL);

  private static void onlyFor(Predicate<Spec> question, Spec... yes) {
    List<Spec> trueFor = List.of(yes);
    for (Spec s : ALL) {
      assertEquals(trueFor.contains(s), question.test(s), s.kind().toString());
    }
  }

  private static void readsOnly(Function<Spec, Object> read, Spec... own) {
    List<Spec> ok = List.of(own);
    for (Spec s : ALL) {
      if (ok.contains(s)) {
        assertTrue(read.apply(s) != null, s.kind().toString());
      } else {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> read.apply(s));
        assertTrue(e.getMessage().startsWith("spec value is "), e::getMessage);
      }
    }
  }

  @Test
  void kindQuestions_trueOnlyForTheirKind() {
    onlyFor(Spec::isObject, OBJ);
    onlyFor(Spec::isArray, ARR);
    onlyFor(Spec::isText, TXT);
    onlyFor(Spec::isIntegral, INT);
    onlyFor(Spec::isNumber, INT, DEC);
    onlyFor(Spec::isBoolean, BOOL);
    onlyFor(Spec::isNull, NUL);
  }

  @Test
  void readers_readOnlyTheirKind() {
    readsOnly(Spec::fields, OBJ);
    readsOnly(Spec::elements, ARR);
    readsOnly(Spec::text, TXT);
    readsOnly(Spec::bigIntegerValue, INT);
    readsOnly(Spec::doubleValue, INT, DEC);
    readsOnly(Spec::booleanValue, BOOL);
    assertEquals("spec value is text, not boolean: \"t\"", msg(() -> TXT.booleanValue()));
  }

  private static String msg(org.junit.jupiter.api.function.Executable e) {
    return assertThrows(IllegalStateException.class, e).getMessage();
  }

  @Test
  void values_readBack() {
    assertEquals(Map.of("a", Spec.of(1)), OBJ.fields());
    assertEquals(1, OBJ.size());
    assertEquals(1, ARR.size());
    assertEquals("t", TXT.text());
    assertEquals(5.0, INT.doubleValue());
    assertEquals(1.5, DEC.doubleValue());
    assertTrue(BOOL.booleanValue());
    assertFalse(Spec.of(false).booleanValue());
    assertEquals(Spec.of(1), OBJ.get("a"));
    assertNull(OBJ.get("b"));
    assertNull(ARR.get("a"));
    assertTrue(OBJ.has("a"));
    assertFalse(TXT.has("a"));
    assertEquals(List.of("a"), OBJ.fieldNames());
    assertEquals(
        "integer 9223372036854775808 does not fit in a long",
        msg(() -> Spec.of(BigInteger.ONE.shiftLeft(63)).longValue()));
    assertEquals(
        Long.MAX_VALUE, Spec.of(BigInteger.ONE.shiftLeft(63).subtract(BigInteger.ONE)).longValue());
  }

  @Test
  void equalsAndHashCode_overKindAndValue() {
    assertEquals(Spec.of(5), INT);
    assertEquals(Spec.of(5).hashCode(), INT.hashCode());
    assertEquals(Spec.object().put("a", 1).build().hashCode(), OBJ.hashCode());
    assertNotEquals(Spec.of(5).hashCode(), Spec.of(6).hashCode());
    assertNotEquals(Spec.of("5").hashCode(), Spec.of(5).hashCode());
    assertNotEquals(Spec.of(5.0), INT);
    assertNotEquals(Spec.of("5"), INT);
  }
}
