package io.shardrouter.lookup;

import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.StrategyFactory;
import io.shardrouter.core.StrategyParameters;
import java.util.Objects;
import java.util.Set;

/**
 * The {@link StrategyFactory} of {@link RoutableIdStrategy} ({@code "type": "routable_id"}),
 * registered through {@code META-INF/services}: reads {@code partitions}, {@code partition_bits},
 * {@code generator_bits} and {@code sequence_bits}, and reports every problem with its path.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable (the document format it reads).
 *
 * @since 0.1
 */
public final class RoutableIdStrategyFactory implements StrategyFactory {
  /** The factory that {@code ServiceLoader} creates. */
  public RoutableIdStrategyFactory() {}

  @Override
  public String type() {
    return RoutableIdStrategy.TYPE;
  }

  @Override
  public Set<String> parameterNames() {
    return Set.of("partitions", "partition_bits", "generator_bits", "sequence_bits");
  }

  @Override
  public PartitionStrategy create(StrategyParameters params) {
    if (params.keyType() != null && !params.keyType().equals(KeyType.LONG)) {
      params.violation(
          "partitions",
          "strategy 'routable_id' routes long keys (ids), but the key type is "
              + params.keyType()
              + "; use {\"type\": \"long\"}");
    }
    IdLayout d = IdLayout.DEFAULT;
    int pb = params.optionalInt("partition_bits", 1, 24, d.partitionBits());
    int gb = params.optionalInt("generator_bits", 0, 20, d.generatorBits());
    int sb = params.optionalInt("sequence_bits", 1, 22, d.sequenceBits());
    int partitions = params.requiredInt("partitions", 1, 1 << 24);
    params.throwIfViolations();
    IdLayout layout;
    try {
      layout = IdLayout.of(pb, gb, sb);
    } catch (IllegalArgumentException e) {
      params.violation("sequence_bits", Objects.requireNonNullElse(e.getMessage(), e.toString()));
      throw params.refusal();
    }
    if (partitions > layout.maxPartitions()) {
      params.violation(
          "partitions",
          "must be at most "
              + layout.maxPartitions()
              + " for "
              + pb
              + " partition bits, got "
              + partitions
              + "; raise partition_bits (ids already issued keep their layout: a new layout is for new ids only)");
      throw params.refusal();
    }
    return RoutableIdStrategy.of(layout, partitions);
  }
}
