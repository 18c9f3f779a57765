package io.shardrouter.lookup;

import io.shardrouter.core.AsciiMembers;
import io.shardrouter.core.Spec;
import io.shardrouter.lookup.internal.Directory;
import io.shardrouter.lookup.internal.SortedKeys;
import java.io.IOException;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@code entries} of a lookup strategy's document, read from its directory while they are
 * walked: key text → partition number, or → entry object for a rich entry, in the directory's key
 * order. A directory of ten million entries is written to a document through this view, one entry
 * at a time, without a copy of its entries; walking it (a lookup by key included) is linear.
 *
 * <p><b>Thread-safety:</b> immutable, as the directory it reads.
 */
final class DirectoryEntries extends AbstractMap<String, Spec> implements AsciiMembers {
  private static final int BATCH = 64;
  private final LookupStrategy owner;
  private final Directory directory;
  private final LookupEntry[] rich;
  private final AtomicReference<SortedKeys> text; // null inside once taken

  DirectoryEntries(
      LookupStrategy owner,
      Directory directory,
      LookupEntry[] rich,
      AtomicReference<SortedKeys> text) {
    this.owner = owner;
    this.directory = directory;
    this.rich = rich;
    this.text = text;
  }

  /**
   * The first write of a directory just built from plain keys and partition numbers: its text from
   * the builder's arrays in key order, which are let go of afterwards; later writes walk the table.
   */
  @Override
  public boolean writeMembers(AsciiMembers.Out out) throws IOException {
    SortedKeys keys = text.getAndSet(null);
    if (keys == null) {
      return false;
    }
    keys.writeMembers(out);
    return true;
  }

  @Override
  public int size() {
    return directory.size();
  }

  @Override
  public Set<Map.Entry<String, Spec>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<String, Spec>> iterator() {
        return new Records();
      }

      @Override
      public int size() {
        return directory.size();
      }
    };
  }

  /** The directory's records in arena order, each as a key text and its document value. */
  private final class Records implements Iterator<Map.Entry<String, Spec>> {
    private final byte[] arena = directory.arena();
    private int record;

    @SuppressWarnings("UnusedVariable") // written so that the batch loads in next() are kept
    private int touched;

    @Override
    public boolean hasNext() {
      return record < arena.length;
    }

    @Override
    public Map.Entry<String, Spec> next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      int r = record;
      if (r % BATCH == 0) {
        // Records in key order lie anywhere in the table: loading a batch of them in a loop of
        // independent steps lets the processor fetch many at once, not one per entry written.
        for (int b = r, e = Math.min(directory.size(), r + BATCH); b < e; b++) {
          touched += arena[directory.keyOffset(b)];
        }
      }
      record = directory.nextRecord(r);
      String text = owner.keyText(arena, directory.keyOffset(r), directory.keyLength(r));
      int v = directory.value(r);
      Spec value =
          v < LookupStrategyBuilder.RICH_BASE
              ? Spec.of(v)
              : rich[v - LookupStrategyBuilder.RICH_BASE].toSpecValue();
      return new AbstractMap.SimpleImmutableEntry<>(text, value);
    }
  }
}
