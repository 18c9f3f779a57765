package io.shardrouter.lookup.internal;

import io.shardrouter.core.AsciiMembers;
import java.io.IOException;

/**
 * The entries of a just-built {@link Directory} in its key order, over the arrays of the {@link
 * DirectoryBuilder} that built it ({@link DirectoryBuilder#sortedKeys()}): what a document writes
 * as the directory's {@code entries}, read without a walk of the directory's table, which visits
 * its records at random places (one address translation and cache miss each at millions of keys).
 *
 * <p>It keeps the builder's key bytes alive, so its holder lets go of it after the first write.
 *
 * <p><b>Thread-safety:</b> immutable (the builder copies an array before changing it).
 */
public final class SortedKeys {
  private static final int BUFFER = 1 << 14;

  final byte[] keys;
  final int[] starts; // entry k's key is keys[starts[k], starts[k + 1])
  final int[] values;
  final int size;
  boolean plain; // set by the builder's pass in key order

  /** The first {@code size} entries of the arrays, which are in key order. */
  SortedKeys(byte[] keys, int[] starts, int[] values, int size) {
    this.keys = keys;
    this.starts = starts;
    this.values = values;
    this.size = size;
  }

  /**
   * A copy in key order of the entries {@code order[0], ..., order[size - 1]} of the arrays: one
   * pass that reads them at random, so that every later pass reads them in order.
   */
  static SortedKeys copy(byte[] keys, int[] starts, int[] values, int[] order, int size) {
    byte[] k = new byte[starts[size]];
    int[] s = new int[size + 1];
    int[] v = new int[size];
    int at = 0;
    for (int j = 0; j < size; j++) {
      int i = order[j];
      int len = starts[i + 1] - starts[i];
      System.arraycopy(keys, starts[i], k, at, len);
      s[j] = at;
      v[j] = values[i];
      at += len;
    }
    s[size] = at;
    return new SortedKeys(k, s, v, size);
  }

  /**
   * True when every key is printable ASCII without {@code "} or {@code \}: its bytes are then its
   * JSON text between quotes, with nothing to escape.
   */
  public boolean plain() {
    return plain;
  }

  /** The number of entries. */
  public int size() {
    return size;
  }

  /**
   * Writes the entries as the members of a compact JSON object, {@code "key":value} in key order
   * separated by {@code ,}: the text of a directory of plain keys whose values are all partition
   * numbers.
   *
   * @throws IllegalStateException when the keys are not {@link #plain()}
   */
  public void writeMembers(AsciiMembers.Out out) throws IOException {
    if (!plain) {
      throw new IllegalStateException("keys that are not plain ASCII text need escaping");
    }
    byte[] buf = new byte[BUFFER];
    int n = 0;
    for (int i = 0; i < size; i++) {
      int from = starts[i];
      int len = starts[i + 1] - from;
      if (n + len + 16 > buf.length) {
        out.write(buf, 0, n);
        n = 0;
        if (len + 16 > buf.length) {
          buf = new byte[len + 16 + BUFFER];
        }
      }
      if (i > 0) {
        buf[n++] = ',';
      }
      buf[n++] = '"';
      System.arraycopy(keys, from, buf, n, len);
      n += len;
      buf[n++] = '"';
      buf[n++] = ':';
      n = decimal(values[i], buf, n);
    }
    out.write(buf, 0, n);
  }

  /** Writes {@code v} (at least 0) in decimal at {@code buf[at]}; returns the end. */
  private static int decimal(int v, byte[] buf, int at) {
    int digits = 1;
    for (int t = v; t >= 10; t /= 10) {
      digits++;
    }
    int end = at + digits;
    for (int p = end - 1; p >= at; p--) {
      buf[p] = (byte) ('0' + v % 10);
      v /= 10;
    }
    return end;
  }
}
