package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A null key, or a null part of a composite key, is refused by every encoder with the documented
 * {@link InvalidKeyException} ("key is null; ..."), never a {@link NullPointerException}.
 */
class NullKeysTest {
  private static final String MESSAGE =
      "key is null; a null key has no partition: check the caller's value before routing";

  private static void assertNullRefused(Executable encode) {
    assertEquals(MESSAGE, assertThrows(InvalidKeyException.class, encode).getMessage());
  }

  @Test
  void scratchEncoders_refuseNull() {
    KeyScratch s = KeyScratch.get();
    assertNullRefused(() -> s.putString(null));
    assertNullRefused(() -> s.putUuid(null));
    assertNullRefused(() -> s.putComposite(null, "b"));
    assertNullRefused(() -> s.putComposite("a", (String) null));
    assertNullRefused(() -> s.putComposite((String) null, 5L));
    assertNullRefused(() -> s.putComposite((CompositeKey) null));
  }

  @Test
  void canonicalKeys_refuseNull() {
    assertNullRefused(() -> CanonicalKeys.of((String) null));
    assertNullRefused(() -> CanonicalKeys.of((UUID) null));
  }
}
