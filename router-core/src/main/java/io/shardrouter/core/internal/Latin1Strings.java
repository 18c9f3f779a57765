package io.shardrouter.core.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;
import sun.misc.Unsafe;

/**
 * Reads the Latin-1 byte array that backs a compact {@code String} (JDK 9+ compact strings), so
 * that an ASCII key is hashed from its own bytes with no per-char pass and no copy: for ASCII text
 * those bytes are exactly its UTF-8 bytes, the canonical form.
 *
 * <p>This relies on JDK internals (the {@code value} and {@code coder} fields of {@code String}),
 * read through {@code sun.misc.Unsafe} as Zero-Allocation-Hashing's own string access does; it
 * needs no {@code --add-opens}. It is switched on only after a self-test at class initialization
 * passes, only on JDKs before 23 (where {@code Unsafe}'s memory access is not deprecated for
 * removal), and never when the system property {@code shardrouter.latin1Direct} is {@code false}.
 * Otherwise {@link #AVAILABLE} is false and callers take the portable path; both give identical
 * hashes.
 *
 * <p>One copy serves every module that reads ASCII keys in place (router-hash's string hashing,
 * router-lookup's directory), so the guards above are decided once per JVM.
 *
 * <p><b>Thread-safety:</b> stateless; the arrays returned are never written.
 *
 * <p><b>Stability:</b> internal: public only so that ShardRouter's own modules share it; not for
 * application code, and it may go away when the JDK offers a supported equivalent.
 *
 * <p><b>Allocation:</b> none.
 */
public final class Latin1Strings {
  /** True when {@link #asciiBytes} may be called. */
  public static final boolean AVAILABLE;

  private static final @Nullable Unsafe UNSAFE; // set whenever AVAILABLE is true
  private static final long VALUE_OFFSET;
  private static final long CODER_OFFSET;
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  static {
    Unsafe unsafe = null;
    long value = -1;
    long coder = -1;
    boolean ok = false;
    if (Runtime.version().feature() < 23
        && !"false".equals(System.getProperty("shardrouter.latin1Direct"))) {
      try {
        Field f = Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        unsafe = (Unsafe) f.get(null);
        Field valueField = String.class.getDeclaredField("value");
        Field coderField = String.class.getDeclaredField("coder");
        if (valueField.getType() == byte[].class && coderField.getType() == byte.class) {
          value = unsafe.objectFieldOffset(valueField);
          coder = unsafe.objectFieldOffset(coderField);
          ok = true;
        }
      } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
        ok = false;
      }
    }
    UNSAFE = unsafe;
    VALUE_OFFSET = value;
    CODER_OFFSET = coder;
    AVAILABLE = ok && selfTest();
  }

  private Latin1Strings() {}

  /**
   * The array backing {@code s} when {@code s} is a compact Latin-1 string whose chars are all
   * ASCII, else null (also for a null {@code s}, so a caller's missing null check ends in its
   * encoder's refusal instead of a JVM crash). Its length is {@code s.length()}. Never write to it.
   */
  public static byte @Nullable [] asciiBytes(@Nullable String s) {
    if (s == null || UNSAFE == null) { // UNSAFE: a constant once the class is initialized
      return null; // never read a field of null through Unsafe: that crashes the JVM, not throws
    }
    if (UNSAFE.getByte(s, CODER_OFFSET) != 0) {
      return null; // UTF-16: some char is above U+00FF
    }
    byte[] v = (byte[]) UNSAFE.getObject(s, VALUE_OFFSET);
    int n = v.length;
    long acc = 0;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      acc |= (long) LONGS.get(v, i);
    }
    for (; i < n; i++) {
      acc |= v[i];
    }
    return (acc & 0x8080808080808080L) == 0 ? v : null;
  }

  /** Checks the field reads on strings whose answers are known; any surprise disables the path. */
  private static boolean selfTest() {
    try {
      String ascii =
          new String(
              new char[] {'k', 'e', 'y', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'});
      byte[] a = asciiBytes(ascii);
      byte[] empty = asciiBytes("");
      return a != null
          && Arrays.equals(a, "key-0123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII))
          && asciiBytes("caf\u00e9") == null
          && asciiBytes("\u4e2d\u6587") == null
          && empty != null
          && empty.length == 0;
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }
}
