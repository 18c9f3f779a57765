package io.shardrouter.range.internal;

import io.shardrouter.core.CanonicalBytes;
import io.shardrouter.core.KeyType;
import io.shardrouter.range.KeyOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits a well-formed canonical composite key into the single-key canonical bytes of its parts,
 * and joins such parts back (routing-spec.md §2.2: a string or bytes part carries a 4-byte LE
 * length). Checked by {@link KeyOrder#check} before it gets here.
 */
public final class CompositeParts {
  private CompositeParts() {}

  public static List<byte[]> split(KeyType.Kind[] kinds, byte[] key) {
    List<byte[]> parts = new ArrayList<>(kinds.length);
    int p = 0;
    for (KeyType.Kind k : kinds) {
      int w = k.fixedWidth();
      if (w < 0) {
        w = CanonicalBytes.readInt(key, p);
        p += 4;
      }
      parts.add(Arrays.copyOfRange(key, p, p + w));
      p += w;
    }
    return parts;
  }

  public static byte[] join(KeyType.Kind[] kinds, List<byte[]> parts) {
    int n = 0;
    for (int i = 0; i < kinds.length; i++) {
      n += parts.get(i).length + (kinds[i].fixedWidth() < 0 ? 4 : 0);
    }
    byte[] out = new byte[n];
    int p = 0;
    for (int i = 0; i < kinds.length; i++) {
      byte[] part = parts.get(i);
      if (kinds[i].fixedWidth() < 0) {
        CanonicalBytes.writeInt(part.length, out, p);
        p += 4;
      }
      System.arraycopy(part, 0, out, p, part.length);
      p += part.length;
    }
    return out;
  }
}
