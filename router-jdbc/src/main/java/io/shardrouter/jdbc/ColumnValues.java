package io.shardrouter.jdbc;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The bytes a {@link JdbcMigrationStore} keeps as a row's value when the table spreads it over
 * columns: each column's value as the driver returns it, with a one-byte tag. Equal column values
 * give equal bytes on every database whose driver returns the same Java types, so a row copied from
 * one group to another has the same digest on both.
 *
 * <p>Tags: 0 null, 1 {@code String} (UTF-8), 2 {@code Long}, 3 {@code Integer}, 4 {@code byte[]}, 5
 * {@code Boolean}, 6 {@code BigDecimal} (its plain string), 7 {@code Short}, 8 {@code Double};
 * lengths and numbers are big-endian.
 */
final class ColumnValues {
  static final String SUPPORTED =
      "String, Long, Integer, Short, Boolean, Double, BigDecimal, byte[] or null";

  private ColumnValues() {}

  /** The bytes of {@code values}, for the columns named in {@code columns} (for errors). */
  static byte[] encode(List<String> columns, Object[] values) {
    if (values.length != columns.size()) {
      throw new IllegalArgumentException(
          "a row of columns "
              + columns
              + " needs "
              + columns.size()
              + " values, got "
              + values.length);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(16 * values.length);
    for (int i = 0; i < values.length; i++) {
      Object v = values[i];
      if (v == null) {
        out.write(0);
      } else if (v instanceof String s) {
        bytes(out, 1, s.getBytes(StandardCharsets.UTF_8));
      } else if (v instanceof Long l) {
        out.write(2);
        out.writeBytes(ByteBuffer.allocate(8).putLong(l).array());
      } else if (v instanceof Integer n) {
        out.write(3);
        out.writeBytes(ByteBuffer.allocate(4).putInt(n).array());
      } else if (v instanceof byte[] b) {
        bytes(out, 4, b);
      } else if (v instanceof Boolean b) {
        out.write(5);
        out.write(b ? 1 : 0);
      } else if (v instanceof BigDecimal d) {
        bytes(out, 6, d.toPlainString().getBytes(StandardCharsets.US_ASCII));
      } else if (v instanceof Short s) {
        out.write(7);
        out.writeBytes(ByteBuffer.allocate(2).putShort(s).array());
      } else if (v instanceof Double d) {
        out.write(8);
        out.writeBytes(ByteBuffer.allocate(8).putDouble(d).array());
      } else {
        throw new JdbcStoreException(
            "column '"
                + columns.get(i)
                + "' holds a "
                + v.getClass().getName()
                + ", which router-jdbc cannot copy between groups; give the column a type the"
                + " driver returns as "
                + SUPPORTED);
      }
    }
    return out.toByteArray();
  }

  private static void bytes(ByteArrayOutputStream out, int tag, byte[] b) {
    out.write(tag);
    out.writeBytes(ByteBuffer.allocate(4).putInt(b.length).array());
    out.writeBytes(b);
  }

  /** The values of bytes made by {@link #encode}, one per column. */
  static Object[] decode(List<String> columns, byte[] value) {
    ByteBuffer in = ByteBuffer.wrap(value);
    List<Object> out = new ArrayList<>(columns.size());
    try {
      while (in.hasRemaining()) {
        int tag = in.get();
        switch (tag) {
          case 0 -> out.add(null);
          case 1 -> out.add(new String(take(in), StandardCharsets.UTF_8));
          case 2 -> out.add(in.getLong());
          case 3 -> out.add(in.getInt());
          case 4 -> out.add(take(in));
          case 5 -> out.add(in.get() != 0);
          case 6 -> out.add(new BigDecimal(new String(take(in), StandardCharsets.US_ASCII)));
          case 7 -> out.add(in.getShort());
          case 8 -> out.add(in.getDouble());
          default -> throw new IllegalArgumentException("unknown tag " + tag);
        }
      }
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "a row value of "
              + value.length
              + " bytes is not the column values of "
              + columns
              + " ("
              + e.getMessage()
              + "); build rows with JdbcMigrationStore.row",
          e);
    }
    if (out.size() != columns.size()) {
      throw new IllegalArgumentException(
          "a row value holds "
              + out.size()
              + " column values, the table's value columns are "
              + columns
              + "; build rows with JdbcMigrationStore.row of this store");
    }
    return out.toArray();
  }

  private static byte[] take(ByteBuffer in) {
    byte[] b = new byte[in.getInt()];
    in.get(b);
    return b;
  }
}
