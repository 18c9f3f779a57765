package io.shardrouter.spring;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.jdbc.ShardedTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;

/**
 * The routing table the sharded table serves, under the key {@code shardrouter} of the info
 * endpoint: entity, version, fingerprint, key type, strategy, partition count, the migration phase
 * (or {@code none}), the groups (id and member count; endpoints are left out, since they may name
 * hosts), and the table.
 */
final class ShardRouterInfoContributor implements InfoContributor {
  private final ShardedTable<?> table;

  ShardRouterInfoContributor(ShardedTable<?> table) {
    this.table = table;
  }

  @Override
  public void contribute(Info.Builder builder) {
    RoutingTable served = table.routes().table();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("entity", served.entity());
    m.put("version", served.version());
    m.put("fingerprint", served.fingerprint());
    m.put("keyType", served.keyType().toString());
    m.put("strategy", served.strategy().type());
    m.put("partitions", served.partitionCount());
    m.put("migration", ShardRouterHealthIndicator.migration(table.status()));
    List<Map<String, Object>> groups = new ArrayList<>();
    for (ReplicaGroup g : served.groups()) {
      Map<String, Object> group = new LinkedHashMap<>();
      group.put("id", g.id());
      group.put("members", g.members().size());
      group.put("partitions", served.partitionsOf(g.id()).length);
      groups.add(group);
    }
    m.put("groups", groups);
    m.put("table", Map.of("name", table.table(), "columns", table.columns()));
    builder.withDetail("shardrouter", m);
  }
}
