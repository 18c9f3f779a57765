package io.shardrouter.core;

import java.util.Set;

/**
 * A test strategy that remembers the key type its factory was given ({@link
 * StrategyParameters#keyType()}), as a range strategy must: every key is partition 0.
 */
final class KeyTypedStrategy implements PartitionStrategy {
  static final String TYPE = "test_key_typed";

  private final KeyType keyType;

  KeyTypedStrategy(KeyType keyType) {
    this.keyType = keyType;
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public KeyType keyType() {
    return keyType;
  }

  @Override
  public int partitionCount() {
    return 1;
  }

  @Override
  public int partitionOf(byte[] canonical, int offset, int length) {
    return 0;
  }

  @Override
  public Spec toSpec() {
    return Spec.object().put("type", TYPE).build();
  }

  static final class Factory implements StrategyFactory {
    @Override
    public String type() {
      return TYPE;
    }

    @Override
    public Set<String> parameterNames() {
      return Set.of("nested");
    }

    @Override
    public PartitionStrategy create(StrategyParameters params) {
      if (params.has("nested")) {
        PartitionStrategy nested = params.nestedStrategy("nested");
        if (nested == null) {
          throw params.refusal();
        }
        return nested;
      }
      KeyType keyType = params.keyType();
      if (keyType == null) {
        params.violation("type", "needs the document's key type");
        throw params.refusal();
      }
      return new KeyTypedStrategy(keyType);
    }
  }
}
