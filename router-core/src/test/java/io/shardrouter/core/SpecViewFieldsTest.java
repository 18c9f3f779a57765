package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An object made by {@link Spec#viewOf(Map, java.util.function.IntFunction, FlatMembers)} answers
 * for its members as the map it views: which names it holds, their values and their order.
 */
class SpecViewFieldsTest {

  @Test
  void indexedView_holdsExactlyTheMapsNames() {
    Map<String, Spec> fields = new LinkedHashMap<>();
    fields.put("b", Spec.of(2));
    fields.put("a", Spec.of("x"));
    List<String> names = List.of("b", "a");
    Spec view = Spec.viewOf(fields, names::get, null);
    assertTrue(view.fields().containsKey("a"));
    assertTrue(view.fields().containsKey("b"));
    assertFalse(view.fields().containsKey("c"));
    assertEquals(Spec.of("x"), view.get("a"));
    assertEquals(List.of("b", "a"), view.fieldNames());
    assertEquals("a", view.fieldNameAt(1));
  }
}
