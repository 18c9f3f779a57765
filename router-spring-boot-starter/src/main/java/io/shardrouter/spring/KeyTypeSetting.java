package io.shardrouter.spring;

import io.shardrouter.jdbc.KeyEncoding;
import java.time.Instant;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The key types {@code shardrouter.table.key-type} names, the single-valued ones: each one's
 * encoding and the class of its keys, which the {@code shardedTable} bean is typed with ({@code
 * ShardedTable<String>} for {@code string}). A composite key type has no setting: the application's
 * {@code KeyEncoding} bean names its key class.
 */
enum KeyTypeSetting {
  STRING(String.class, KeyEncoding.strings()),
  LONG(Long.class, KeyEncoding.longs()),
  INT(Integer.class, KeyEncoding.ints()),
  UUID(java.util.UUID.class, KeyEncoding.uuids()),
  TIMESTAMP(Instant.class, KeyEncoding.timestamps()),
  BYTES(byte[].class, KeyEncoding.bytes());

  private final Class<?> keyClass;
  private final KeyEncoding<?> encoding;

  KeyTypeSetting(Class<?> keyClass, KeyEncoding<?> encoding) {
    this.keyClass = keyClass;
    this.encoding = encoding;
  }

  /** The setting's value, which is also the key type's name in a routing document: {@code long}. */
  String value() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The class of its keys: {@code Long} for {@code long}. */
  Class<?> keyClass() {
    return keyClass;
  }

  /** Its encoding: {@code KeyEncoding.longs()} for {@code long}. */
  KeyEncoding<?> encoding() {
    return encoding;
  }

  /** The key type {@code name} names (in any case, blanks around it aside), or null. */
  static @Nullable KeyTypeSetting named(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    for (KeyTypeSetting k : values()) {
      if (k.value().equals(n)) {
        return k;
      }
    }
    return null;
  }

  /** The key type whose keys are of {@code keyClass}, or null (a composite key's class). */
  static @Nullable KeyTypeSetting of(@Nullable Class<?> keyClass) {
    for (KeyTypeSetting k : values()) {
      if (k.keyClass.equals(keyClass)) {
        return k;
      }
    }
    return null;
  }
}
