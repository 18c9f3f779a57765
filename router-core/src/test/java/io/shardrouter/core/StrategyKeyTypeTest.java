package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
    public ObjectNode toJson() {
      ObjectNode o = JsonNodeFactory.instance.objectNode();
      o.put("type", type());
      o.put("key", keyText);
      o.set("inner", inner.toJson());
      return o;
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
      if (params.keyType() == null) {
        params.violation("key", "cannot be read without the entity's key type");
        return null;
      }
      String text = params.optionalString("key", "");
      PartitionStrategy inner =
          innerKeyType == null
              ? params.nestedStrategy("inner")
              : params.nestedStrategy("inner", innerKeyType);
      return params.hasViolations() ? null : new OneKeyStrategy(params.keyType(), text, inner);
    }
  }

  @Test
  void nestedStrategy_withKeyType_passesItOn() {
    OneKeyFactory outer = new OneKeyFactory();
    outer.innerKeyType = KeyType.STRING;
    // the inner one_key strategy reads its key "abc" as a string although the outer reads long keys
    ObjectNode inner = new OneKeyStrategy(KeyType.STRING, "abc", new ByteSumStrategy(4)).toJson();
    ObjectNode json =
        JsonNodeFactory.instance.objectNode().put("type", "test_one_key").put("key", "42");
    json.set("inner", inner);
    StrategyRegistry onlyOuter = StrategyRegistry.of(outer, new ByteSumStrategy.Factory());
    PartitionStrategy s = onlyOuter.create(json, KeyType.LONG);
    assertEquals(KeyType.LONG, s.keyType());
    assertEquals(KeyType.STRING, ((OneKeyStrategy) ((OneKeyStrategy) s).inner).keyType);
    assertEquals(0, ((OneKeyStrategy) s).inner.partitionOf("abc"));
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
    ObjectNode json = JsonNodeFactory.instance.objectNode().put("type", "test_deep");
    json.putObject("entries")
        .putObject("a")
        .putObject("strategy")
        .put("type", "test_byte_sum")
        .put("partitions", 0);
    InvalidRoutingTableException e =
        assertThrows(InvalidRoutingTableException.class, () -> registry.create(json));
    assertEquals("strategy.entries.a.strategy.partitions", e.violations().get(0).path());
    ((ObjectNode) json.get("entries").get("a").get("strategy")).put("partitions", 3);
    assertEquals(3, registry.create(json).partitionCount());
    ((ObjectNode) json.get("entries").get("a"))
        .putObject("strategy")
        .put("type", KeyTypedStrategy.TYPE);
    assertEquals(
        KeyType.STRING,
        registry.create(json, KeyType.LONG).keyType()); // the given type, not the document's
  }
}
