package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The null keys {@link NullKeysTest} does not reach: a {@code (string, int)} composite, key text of
 * each key type, a timestamp's text and a strategy's canonical bytes are refused with the
 * documented {@link InvalidKeyException}, never a {@link NullPointerException} or another message.
 */
class NullKeyEncodersTest {
  private static final String MESSAGE =
      "key is null; a null key has no partition: check the caller's value before routing";

  private static void assertNullRefused(Executable encode) {
    assertEquals(MESSAGE, assertThrows(InvalidKeyException.class, encode).getMessage());
  }

  @Test
  void scratch_stringIntComposite_refusesANullString() {
    NullKeysTest.assertNullPartRefused(0, () -> KeyScratch.get().putComposite((String) null, 5));
  }

  @Test
  void parseText_refusesNullText_forSingleAndCompositeTypes() {
    assertNullRefused(() -> KeyType.LONG.parseText(null));
    assertNullRefused(() -> KeyType.TIMESTAMP.parseText(null));
    assertNullRefused(
        () -> KeyType.composite(KeyType.Kind.STRING, KeyType.Kind.INT).parseText(null));
  }

  @Test
  void timestampsParse_refusesNullText() {
    assertNullRefused(() -> Timestamps.parse(null));
  }

  @Test
  void partitionOf_refusesNullCanonicalBytes() {
    assertNullRefused(() -> new ByteSumStrategy(4).partitionOf((byte[]) null));
  }
}
