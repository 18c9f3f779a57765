package io.shardrouter.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class NormalizersTest {

  @Test
  void email_caseWidthAndSpacesMeet() {
    Normalizer n = Normalizer.email();
    assertEquals("email-v1", n.name());
    for (String v :
        List.of("Ann@Example.COM", " ann@example.com ", "ＡＮＮ＠ｅｘａｍｐｌｅ．ｃｏｍ", "ann@EXAMPLE.com\t")) {
      assertEquals("ann@example.com", n.normalize(v), v);
    }
    assertEquals("strasse@example.com", n.normalize("STRAßE@example.com"));
    assertEquals(
        "straße@example.com".toUpperCase(java.util.Locale.ROOT).toLowerCase(java.util.Locale.ROOT),
        n.normalize("straße@example.com"));
  }

  @Test
  void email_noAddress_refusedSayingWhy() {
    for (String bad : List.of("", "ann", "@example.com", "ann@", "a@b@c", "   ")) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> Normalizer.email().normalize(bad), bad);
      assertTrue(
          e.getMessage()
              .contains("is no e-mail address: it needs exactly one '@' with text on both sides"),
          e::getMessage);
    }
    assertThrows(IllegalArgumentException.class, () -> Normalizer.email().normalize(null));
    assertThrows(
        IllegalArgumentException.class, () -> Normalizer.email().normalize("a\uD800@x.com"));
  }

  @Test
  void nfkc_composedAndCompatibilityFormsMeet() {
    Normalizer n = Normalizer.nfkc();
    assertEquals("é", n.normalize("e\u0301"));
    assertEquals("fi", n.normalize("ﬁ"));
    assertEquals("A1", n.normalize("Ａ１"));
  }

  @Test
  void caseFold_localeIndependent() {
    Normalizer n = Normalizer.caseFold();
    assertEquals("ss", n.normalize("ß"));
    assertEquals(n.normalize("ΣΣ"), n.normalize("Σς"));
    assertEquals(
        n.normalize("σσ"), n.normalize("Σς")); // the final-sigma rule picks one spelling for all
    assertEquals("i", n.normalize("I"));
  }

  @Test
  void everyRule_idempotent() {
    for (Normalizer n :
        List.of(
            Normalizer.email(),
            Normalizer.nfkc(),
            Normalizer.caseFold(),
            Normalizer.trim(),
            Normalizer.identity())) {
      for (String v :
          List.of(
              "Ann@Example.COM", " ＡＮＮ＠ｅｘａｍｐｌｅ．ｃｏｍ ", "STRAßE@x.de", "İstanbul@x.tr", "ﬁ@x.io")) {
        String once = n.normalize(v);
        assertEquals(once, n.normalize(once), n.name() + " on " + v);
      }
    }
  }

  @Test
  void chain_appliesInOrder_andNamesAreRequired() {
    Normalizer n = Normalizer.chain("trim-then-fold", Normalizer.trim(), Normalizer.caseFold());
    assertEquals("trim-then-fold", n.name());
    assertEquals("abc", n.normalize("  ABC "));
    assertThrows(IllegalArgumentException.class, () -> Normalizer.of(" ", v -> v));
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> Normalizer.of("broken", v -> null).normalize("x"));
    assertTrue(e.getMessage().contains("normalizer 'broken' returned null"), e::getMessage);
  }
}
