package io.shardrouter.core.internal;

import io.shardrouter.core.FlatMembers;
import io.shardrouter.core.Spec;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the codec's view of a large document object offers besides {@link Map}: its names by
 * position without walking, and its members read from the document's bytes. {@link
 * Spec#fieldNameAt} and {@link Spec#flatMembers} ask for it.
 */
public interface LargeFields extends Map<String, Spec> {
  /** The name of member {@code index}. */
  String nameAt(int index);

  /** The members read from the document's bytes, or null when they are not all flat. */
  @Nullable FlatMembers flat();
}
