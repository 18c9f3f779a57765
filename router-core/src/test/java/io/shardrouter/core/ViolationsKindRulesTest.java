package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ends of {@link Violations}' rules: which characters make a plain member name, a path that
 * ends inside a quoted name, and a kind with exactly {@link Violations#MAX_PER_KIND} violations
 * beside one with more.
 */
class ViolationsKindRulesTest {

  @Test
  void member_theEndsOfEachPlainRange_areBare() {
    for (String name : List.of("a", "z", "A", "Z", "0", "9", "_", "-", "az09AZ")) {
      assertEquals("p." + name, Violations.member("p", name), name);
    }
  }

  @Test
  void member_theCharactersJustOutsideEachRange_areQuoted() {
    // '`' and '{' border a-z, '@' and '[' border A-Z, '/' and ':' border 0-9
    for (String name : List.of("`", "{", "@", "[", "/", ":")) {
      assertEquals("p[\"" + name + "\"]", Violations.member("p", name), name);
    }
  }

  @Test
  void kindOf_aPathEndingInABackslashInsideAQuotedName_isKeptAsItIs() {
    assertEquals("a[\"b\\", Violations.kindOf("a[\"b\\"));
    assertEquals("a[][\"b\\\"c\"]", Violations.kindOf("a[12][\"b\\\"c\"]"));
  }

  @Test
  void aKindWithExactlyTheCap_getsNoMoreLine_besideAKindOverIt() {
    Violations v = new Violations();
    for (int i = 0; i < Violations.MAX_PER_KIND; i++) {
      v.add("groups[" + i + "].id", "duplicate");
    }
    for (int i = 0; i < Violations.MAX_PER_KIND + 1; i++) {
      v.add("placement[" + i + "]", "unknown group");
    }
    List<Violation> listed = v.asList();
    assertEquals(2 * Violations.MAX_PER_KIND + 1, listed.size(), listed::toString);
    assertEquals(
        new Violation(
            "placement[]",
            "and 1 more violations at placement[] (only the first 20 of each kind are listed)"),
        listed.get(listed.size() - 1));
  }
}
