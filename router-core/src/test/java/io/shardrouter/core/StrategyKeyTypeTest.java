package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardrouter.testing.Keys;
import io.shardrouter.testing.Specs;
import java.util.Arrays;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Strategies nested for another key type than the document's ({@link
 * StrategyParameters#nestedStrategy(String, KeyType)}) and deeper than one parameter ({@link
 * StrategyParameters#nestedStrategyAt}). The document's key type reaching factories, and a table
 * refusing a strategy built for another key type, are tested in {@code RoutingDocumentsTest}.
 */
class StrategyKeyTypeTest {

  /**
   * Routes one key, written in its parameters as text, to partition 0 and every other key by byte
   * sum.
   */
  static final class OneKeyStrategy implements PartitionStrategy {
    final KeyType keyType;
    final String keyText;
    final byte[] key;
    final PartitionStrategy inner;

    OneKeyStrategy(KeyType keyType, String keyText, PartitionStrategy inner) {
      this.keyType = keyType;
      this.keyText = keyText;
      this.key = keyType.parseText(keyText);
      this.inner = inner;
    }

    @Override
    public String type() {
      return "test_one_key";
    }

    @Override
    public KeyType keyType() {
      return keyType;
    }

    @Override
    public int partitionCount() {
      return inner.partitionCount();
    }

    @Override
    public int partitionOf(byte[] canonical, int offset, int length) {
      return Arrays.equals(key, 0, key.length, canonical, offset, offset + length)
          ? 0
          : inner.partitionOf(canonical, offset, length);
    }

    @Override
    public Spec toSpec() {
      Spec.ObjectBuilder o = Spec.object();
      o.put("type", type());
      o.put("key", keyText);
      o.put("inner", inner.toSpec());
      return o.build();
    }
  }

  static final class OneKeyFactory implements StrategyFactory {
    KeyType innerKeyType;

    @Override
    public String type() {
      return "test_one_key";
    }

    @Override
    public Set<String> parameterNames() {
      return Set.of("key", "inner");
    }

    @Override
    public PartitionStrategy create(StrategyParameters params) {
      KeyType keyType = params.keyType();
      if (keyType == null) {
        params.violation("key", "cannot be read without the entity's key type");
        throw params.refusal();
      }
      String text = params.optionalString("key", "");
      PartitionStrategy inner =
          innerKeyType == null
              ? params.nestedStrategy("inner")
              : params.nestedStrategy("inner", innerKeyType);
      if (inner == null || params.hasViolations()) {
        throw params.refusal();
      }
      return new OneKeyStrategy(keyType, text, inner);
    }
  }

  @Test
  void nestedStrategy_withKeyType_passesItOn() {
    OneKeyFactory outer = new OneKeyFactory();
    outer.innerKeyType = KeyType.STRING;
    // the inner one_key strategy reads its key "abc" as a string although the outer reads long keys
    Spec inner = new OneKeyStrategy(KeyType.STRING, "abc", new ByteSumStrategy(4)).toSpec();
    Spec json =
        Spec.object().put("type", "test_one_key").put("key", "42").put("inner", inner).build();
    StrategyRegistry onlyOuter = StrategyRegistry.of(outer, new ByteSumStrategy.Factory());
    PartitionStrategy s = onlyOuter.create(json, KeyType.LONG);
    assertEquals(KeyType.LONG, s.keyType());
    assertEquals(KeyType.STRING, ((OneKeyStrategy) ((OneKeyStrategy) s).inner).keyType);
    assertEquals(0, ((OneKeyStrategy) s).inner.partitionOf(Keys.of("abc")));
  }

  @Test
  void nestedStrategyAt_deepPath_reportsThere_andBuildsForTheGivenKeyType() {
    StrategyFactory deep =
        new StrategyFactory() {
          @Override
          public String type() {
            return "test_deep";
          }

          @Override
          public Set<String> parameterNames() {
            return Set.of("entries");
          }

          @Override
          public PartitionStrategy create(StrategyParameters params) {
            return params.nestedStrategyAt(
                "entries.a.strategy",
                params.get("entries").get("a").get("strategy"),
                KeyType.STRING);
          }
        };
    StrategyRegistry registry =
        StrategyRegistry.of(deep, new ByteSumStrategy.Factory(), new KeyTypedStrategy.Factory());
    Spec zero =
        Specs.parse(
            "{\"type\": \"test_deep\", \"entries\": {\"a\": {\"strategy\":"
                + " {\"type\": \"test_byte_sum\", \"partitions\": 0}}}}");
    InvalidRoutingTableException e =
        assertThrows(InvalidRoutingTableException.class, () -> registry.create(zero));
    assertEquals("strategy.entries.a.strategy.partitions", e.violations().get(0).path());
    Spec three =
        Specs.parse(
            "{\"type\": \"test_deep\", \"entries\": {\"a\": {\"strategy\":"
                + " {\"type\": \"test_byte_sum\", \"partitions\": 3}}}}");
    assertEquals(3, registry.create(three).partitionCount());
    Spec typed =
        Specs.parse(
            "{\"type\": \"test_deep\", \"entries\": {\"a\": {\"strategy\":"
                + " {\"type\": \""
                + KeyTypedStrategy.TYPE
                + "\"}}}}");
    assertEquals(
        KeyType.STRING,
        registry.create(typed, KeyType.LONG).keyType()); // the given type, not the document's
  }
}
