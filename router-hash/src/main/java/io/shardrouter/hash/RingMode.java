package io.shardrouter.hash;

/**
 * How a {@link RingStrategy} gets its tokens: the {@code mode} parameter of a {@code ring}
 * strategy.
 *
 * <p><b>Thread-safety:</b> immutable.
 *
 * <p><b>Stability:</b> stable: the document names are part of the routing document format.
 *
 * @since 0.1
 */
public enum RingMode {
  /**
   * {@code "tokens"} (the default): the token list is persisted in the routing document as {@code
   * [token, partition]} pairs, cut by the ring allocator (docs/ring.md); each token range is its
   * own partition, and group weights live in the {@code weights} parameter.
   */
  TOKENS("tokens"),
  /**
   * {@code "named_vnodes"}: the vnode-named ring ({@code docs/routing-spec.md} §4.7): tokens
   * derived by name ({@code blake2b-64("<node>#vnode-<i>")}) from the {@code nodes} list and a
   * vnode count; the partition of a key is the index of its node in {@code nodes}. Documents
   * written before the mode had this name spell it {@code "001"}; that spelling is read as this
   * mode forever, and written as {@code "named_vnodes"}.
   */
  NAMED_VNODES("named_vnodes");

  /** The earlier spelling of {@link #NAMED_VNODES} in documents: read, never written. */
  private static final String NAMED_VNODES_ALIAS = "001";

  private final String documentName;

  RingMode(String documentName) {
    this.documentName = documentName;
  }

  /** The name in the routing document. */
  public String documentName() {
    return documentName;
  }

  /**
   * The mode named {@code name} in a routing document (including the alias {@code "001"} of {@link
   * #NAMED_VNODES}), or null.
   */
  public static RingMode fromDocumentName(String name) {
    if (NAMED_VNODES_ALIAS.equals(name)) {
      return NAMED_VNODES;
    }
    for (RingMode m : values()) {
      if (m.documentName.equals(name)) {
        return m;
      }
    }
    return null;
  }
}
