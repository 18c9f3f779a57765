package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Violations}: a kind is a path without its array indices; at most {@link
 * Violations#MAX_PER_KIND} of a kind are listed, the rest counted in one "and N more" line.
 */
class ViolationsCapTest {

  @Test
  void kindOf_dropsTheDigitsOfIndicesOnly() {
    assertEquals("placement", Violations.kindOf("placement"));
    assertEquals("a[].b[]", Violations.kindOf("a[3].b[12]"));
    assertEquals("[]", Violations.kindOf("[7]"));
    assertEquals("weights.g2[x]", Violations.kindOf("weights.g2[x]"));
    assertEquals("tokens[][]", Violations.kindOf("tokens[4][1]"));
  }

  private static Violations of(int n) {
    Violations v = new Violations();
    for (int i = 0; i < n; i++) {
      v.add("placement[" + i + "]", "unknown group");
    }
    return v;
  }

  @Test
  void twentyOfAKind_allListed_moreCounted() {
    List<Violation> twenty = of(20).asList();
    assertEquals(20, twenty.size());
    assertEquals(new Violation("placement[19]", "unknown group"), twenty.get(19));
    Violations v = of(23);
    v.add("groups", "empty");
    List<Violation> listed = v.asList();
    assertEquals(24, v.size());
    assertEquals(22, listed.size());
    assertEquals(new Violation("groups", "empty"), listed.get(20));
    assertEquals(
        new Violation(
            "placement[]",
            "and 3 more violations at placement[] (only the first 20 of each kind are listed)"),
        listed.get(21));
  }

  @Test
  void isEmpty_untilTheFirst() {
    Violations v = new Violations();
    assertTrue(v.isEmpty());
    v.add("entity", "missing");
    assertFalse(v.isEmpty());
  }
}
