package io.shardrouter.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.shardrouter.core.key.KeyType;
import io.shardrouter.core.metadata.RoutingDocuments;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Strategies whose parameters hold keys get the entity's key type from the registry. */
class StrategyKeyTypeTest {

  /** Routes one key, written in its parameters as text, to partition 0 and every other key by byte sum. */
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
      return Arrays.equals(key, 0, key.length, canonical, offset, offset + length) ? 0 : inner.partitionOf(canonical, offset, length);
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
      PartitionStrategy inner = innerKeyType == null ? params.nestedStrategy("inner") : params.nestedStrategy("inner", innerKeyType);
      return params.hasViolations() ? null : new OneKeyStrategy(params.keyType(), text, inner);
    }
  }

  private static final String DOC = """
      {"format": 1, "routing_version": 1, "entity": "orders", "key": {"type": "long"},
       "strategy": {"type": "test_one_key", "key": "42", "inner": {"type": "test_byte_sum", "partitions": 4}},
       "groups": [{"id": "g0", "primary": "db0:5432"}],
       "placement": ["g0", "g0", "g0", "g0"]}
      """;

  @Test
  void read_document_factorySeesEntityKeyType() {
    StrategyRegistry registry = StrategyRegistry.of(new OneKeyFactory(), new ByteSumStrategy.Factory());
    RoutingTable t = RoutingDocuments.read(DOC.getBytes(StandardCharsets.UTF_8), registry, RoutingDocuments.DEFAULT_MAX_BYTES);
    assertEquals(KeyType.LONG, t.strategy().keyType());
    assertEquals(0, t.route(42L).partition());
    assertEquals(KeyType.LONG, ((OneKeyStrategy) t.strategy()).keyType);
  }

  @Test
  void create_withoutKeyType_factoryReportsIt() {
    StrategyRegistry registry = StrategyRegistry.of(new OneKeyFactory(), new ByteSumStrategy.Factory());
    assertNull(registry.keyType());
    InvalidRoutingTableException e = assertThrows(InvalidRoutingTableException.class,
        () -> registry.create(new OneKeyStrategy(KeyType.LONG, "42", new ByteSumStrategy(4)).toJson()));
    assertEquals("strategy.key", e.violations().get(0).path());
  }

  @Test
  void forKeyType_rebuildsEqualAnswers_andSameTypeIsSameRegistry() {
    StrategyRegistry registry = StrategyRegistry.of(new OneKeyFactory(), new ByteSumStrategy.Factory());
    StrategyRegistry longs = registry.forKeyType(KeyType.LONG);
    assertSame(longs, longs.forKeyType(KeyType.LONG));
    assertEquals(List.of("test_byte_sum", "test_one_key"), longs.types());
    PartitionStrategy s = longs.create(new OneKeyStrategy(KeyType.LONG, "42", new ByteSumStrategy(4)).toJson());
    assertEquals(0, s.partitionOf(42L));
    assertTrue(longs.toString().endsWith("for long keys"), longs::toString);
  }

  @Test
  void nestedStrategy_withKeyType_passesItOn() {
    OneKeyFactory outer = new OneKeyFactory();
    outer.innerKeyType = KeyType.STRING;
    // the inner one_key strategy reads its key "abc" as a string although the outer reads long keys
    ObjectNode inner = new OneKeyStrategy(KeyType.STRING, "abc", new ByteSumStrategy(4)).toJson();
    ObjectNode json = JsonNodeFactory.instance.objectNode().put("type", "test_one_key").put("key", "42");
    json.set("inner", inner);
    StrategyRegistry onlyOuter = StrategyRegistry.of(outer, new ByteSumStrategy.Factory());
    PartitionStrategy s = onlyOuter.forKeyType(KeyType.LONG).create(json);
    assertEquals(KeyType.STRING, ((OneKeyStrategy) ((OneKeyStrategy) s).inner).keyType);
    assertEquals(0, ((OneKeyStrategy) s).inner.partitionOf("abc"));
  }

  @Test
  void build_strategyForOtherKeyType_refusedAtStrategy() {
    InvalidRoutingTableException e = assertThrows(InvalidRoutingTableException.class, () -> RoutingTable.builder()
        .version(1).entity("orders").keyType(KeyType.STRING)
        .strategy(new OneKeyStrategy(KeyType.LONG, "42", new ByteSumStrategy(2)))
        .group(ReplicaGroup.of("g0", "db0:5432")).placement(List.of("g0", "g0")).build());
    assertEquals("strategy", e.violations().get(0).path());
    assertTrue(e.getMessage().contains("built for keys of type long but the table routes keys of type string"), e::getMessage);
  }

  @Test
  void nestedStrategyAt_deepPath_reportsThere() {
    StrategyFactory deep = new StrategyFactory() {
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
        return params.nestedStrategyAt("entries.a.strategy", params.get("entries").get("a").get("strategy"), KeyType.STRING);
      }
    };
    StrategyRegistry registry = StrategyRegistry.of(deep, new ByteSumStrategy.Factory());
    ObjectNode json = JsonNodeFactory.instance.objectNode().put("type", "test_deep");
    json.putObject("entries").putObject("a").putObject("strategy").put("type", "test_byte_sum").put("partitions", 0);
    InvalidRoutingTableException e = assertThrows(InvalidRoutingTableException.class, () -> registry.create(json));
    assertEquals("strategy.entries.a.strategy.partitions", e.violations().get(0).path());
    ((ObjectNode) json.get("entries").get("a").get("strategy")).put("partitions", 3);
    assertEquals(3, registry.create(json).partitionCount());
  }
}
