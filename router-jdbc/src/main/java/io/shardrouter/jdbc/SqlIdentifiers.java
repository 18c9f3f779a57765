package io.shardrouter.jdbc;

import java.util.regex.Pattern;

/**
 * Checks the table and column names this package puts into SQL text: identifiers cannot be bound as
 * parameters, so only plain unquoted names are accepted.
 */
final class SqlIdentifiers {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,47}");

  private SqlIdentifiers() {}

  /**
   * Returns {@code name} when it is a plain SQL identifier: a letter or underscore, then letters,
   * digits or underscores, at most 48 characters.
   *
   * @param what what the name is for, for the message (e.g. {@code "outbox table"})
   * @throws IllegalArgumentException naming the setting and the value otherwise
   */
  static String check(String what, String name) {
    if (name == null || !PLAIN.matcher(name).matches()) {
      throw new IllegalArgumentException(
          what
              + " must be a plain SQL identifier (a letter or '_', then letters, digits or '_', at"
              + " most 48 characters), got "
              + (name == null ? "null" : "'" + name + "'")
              + "; names are written into SQL text and cannot be bound as parameters");
    }
    return name;
  }
}
