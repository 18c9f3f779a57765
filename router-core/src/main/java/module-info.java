/**
 * ShardRouter core: keys, the strategy SPI and its registry, versioned routing tables, the router,
 * and the document and snapshot codecs. Start from {@link io.shardrouter.core.Router} and {@link
 * io.shardrouter.core.metadata.RoutingDocuments}; {@code docs/architecture.md} maps the modules.
 *
 * <p>A strategy module needs nothing else: {@link io.shardrouter.core.PartitionStrategy}, {@link
 * io.shardrouter.core.StrategyFactory}, {@link io.shardrouter.core.CanonicalBytes}, {@link
 * io.shardrouter.core.KeyScratch}, {@link io.shardrouter.core.KeyText} and {@link
 * io.shardrouter.core.Spec} (docs/writing-a-strategy.md). {@code io.shardrouter.core.internal} is
 * exported to no module.
 */
module io.shardrouter.core {
  // @NullMarked and @Nullable on the API (docs/architecture.md, "Nullness"); a compiler that reads
  // this module sees them, and nothing needs them at run time.
  requires static transitive org.jspecify;
  requires com.fasterxml.jackson.databind; // the codec's parser and writer; no API names it
  requires org.lz4.java;
  requires org.slf4j;
  requires jdk.unsupported; // Latin1Strings reads ASCII String bytes in place (guarded;

  // docs/routing-spec.md)

  exports io.shardrouter.core;
  exports io.shardrouter.core.metadata;

  uses io.shardrouter.core.StrategyFactory;
  uses io.shardrouter.core.metadata.DocumentReader;
}
