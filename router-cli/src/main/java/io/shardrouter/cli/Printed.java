package io.shardrouter.cli;

import io.shardrouter.core.KeyText;

/**
 * What {@code shardctl} prints of its inputs (keys, and the keys, ids and names of a document), for
 * people: escaped as every error message quotes input ({@link KeyText#printable}, docs/format.md
 * §1.8), so that a key with a control character, a bidirectional override or another format
 * character neither sends a terminal escape sequence, nor breaks or reorders a line, nor hides
 * itself. Machine-readable output (a routing document, {@code --json}) is JSON and escaped as JSON
 * instead.
 */
final class Printed {
  private Printed() {}

  /** {@code line}, escaped: one line on a terminal whatever it quotes. */
  static String line(String line) {
    return KeyText.printable(line);
  }
}
