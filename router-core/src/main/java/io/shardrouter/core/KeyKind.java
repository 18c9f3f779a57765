package io.shardrouter.core;

import io.shardrouter.core.internal.Timestamps;
import java.util.Locale;

/**
 * The kinds of value a key, or one part of a composite key, can be; each has one canonical byte
 * form.
 *
 * <table>
 *   <caption>Canonical bytes of a single key</caption>
 *   <tr><th>kind</th><th>bytes</th></tr>
 *   <tr><td>{@code string}</td><td>UTF-8, no terminator</td></tr>
 *   <tr><td>{@code long}</td><td>8 bytes, two's complement, little-endian</td></tr>
 *   <tr><td>{@code int}</td><td>4 bytes, two's complement, little-endian</td></tr>
 *   <tr><td>{@code uuid}</td><td>16 bytes in RFC 4122 order (most significant byte first)</td></tr>
 *   <tr><td>{@code bytes}</td><td>as is</td></tr>
 *   <tr><td>{@code timestamp}</td><td>microseconds since 1970-01-01T00:00:00Z, 8 bytes, two's complement,
 *       little-endian (see {@link Timestamps})</td></tr>
 * </table>
 *
 * <p>Inside a composite key, {@code string} and {@code bytes} parts are preceded by their byte
 * length as 4 bytes little-endian; fixed-width parts are written as above. See {@code
 * docs/routing-spec.md}.
 *
 * <p><b>Stability:</b> stable: the names are part of the routing document format.
 *
 * @since 0.1
 */
public enum KeyKind {
  STRING(-1),
  LONG(8),
  INT(4),
  UUID(16),
  BYTES(-1),
  TIMESTAMP(8);

  private final int fixedWidth;

  KeyKind(int fixedWidth) {
    this.fixedWidth = fixedWidth;
  }

  /**
   * The name used in routing documents: {@code string}, {@code long}, {@code int}, {@code uuid},
   * {@code bytes}, {@code timestamp}.
   */
  public String documentName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Byte width of the canonical form, or -1 for variable-length kinds. */
  public int fixedWidth() {
    return fixedWidth;
  }

  /** The kind named {@code name} in a document, or null if there is none. */
  public static KeyKind fromDocumentName(String name) {
    for (KeyKind k : values()) {
      if (k.documentName().equals(name)) {
        return k;
      }
    }
    return null;
  }
}
