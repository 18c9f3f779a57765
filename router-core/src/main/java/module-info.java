/**
 * ShardRouter core: keys, the strategy SPI and its registry, versioned routing tables, the router,
 * and the document and snapshot codecs. Start from {@link io.shardrouter.core.Router} and {@link
 * io.shardrouter.core.metadata.RoutingDocuments}; {@code docs/architecture.md} maps the modules.
 *
 * <p>{@code io.shardrouter.core.internal} is shared with the strategy modules only: its types are
 * not part of the API and change without notice.
 */
module io.shardrouter.core {
  requires transitive com.fasterxml.jackson.databind;
  requires org.lz4.java;
  requires org.slf4j;
  requires jdk.unsupported; // Latin1Strings reads ASCII String bytes in place (guarded;

  // docs/routing-spec.md)

  exports io.shardrouter.core;
  exports io.shardrouter.core.metadata;
  exports io.shardrouter.core.internal to
      io.shardrouter.hash,
      io.shardrouter.range,
      io.shardrouter.lookup;

  uses io.shardrouter.core.StrategyFactory;
  uses io.shardrouter.core.internal.DocumentReader;
}
