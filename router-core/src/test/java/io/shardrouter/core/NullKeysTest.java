package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A null key, or a null part of a two-part key, is refused by every encoder with the documented
 * {@link InvalidKeyException} ("key is null; ...", "part i of the key is null; ..."), never a
 * {@link NullPointerException}.
 */
class NullKeysTest {
  private static final String MESSAGE =
      "key is null; a null key has no partition: check the caller's value before routing";

  private static void assertNullRefused(Executable encode) {
    assertEquals(MESSAGE, assertThrows(InvalidKeyException.class, encode).getMessage());
  }

  /** A null part {@code i} of a two-part key, named. */
  static void assertNullPartRefused(int i, Executable encode) {
    assertEquals(
        "part "
            + i
            + " of the key is null; a key with a null part has no partition: check the caller's"
            + " values before routing",
        assertThrows(InvalidKeyException.class, encode).getMessage());
  }

  @Test
  void scratchEncoders_refuseNull() {
    KeyScratch s = KeyScratch.get();
    assertNullRefused(() -> s.putString(null));
    assertNullRefused(() -> s.putUuid(null));
    assertNullPartRefused(0, () -> s.putComposite(null, "b"));
    assertNullPartRefused(1, () -> s.putComposite("a", (String) null));
    assertNullPartRefused(0, () -> s.putComposite((String) null, 5L));
    assertNullRefused(() -> s.putComposite((CompositeKey) null));
  }

  @Test
  void canonicalKeys_refuseNull() {
    assertNullRefused(() -> CanonicalKeys.of((String) null));
    assertNullRefused(() -> CanonicalKeys.of((UUID) null));
  }
}
