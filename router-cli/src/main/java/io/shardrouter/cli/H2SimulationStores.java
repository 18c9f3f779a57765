package io.shardrouter.cli;

import io.shardrouter.jdbc.JdbcMigrationStore;
import io.shardrouter.migrate.MigrationStore;
import io.shardrouter.migrate.internal.simulation.Simulation;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * The simulation's stores as {@link JdbcMigrationStore}s, one embedded H2 in-memory database per
 * group and schedule ({@code shardctl migrate simulate --store jdbc}): the same schedules run
 * against the SQL the store sends to a real database, its fence table, scans and apply rule.
 */
final class H2SimulationStores implements Simulation.StoreFactory {
  private final Map<Long, List<JdbcConnectionPool>> open = new LinkedHashMap<>();

  @Override
  public Map<String, MigrationStore> open(long seed, List<String> groupIds) {
    Map<String, MigrationStore> stores = new LinkedHashMap<>();
    List<JdbcConnectionPool> sources = new ArrayList<>();
    for (String g : groupIds) {
      JdbcConnectionPool ds =
          JdbcConnectionPool.create(
              "jdbc:h2:mem:sim_" + Long.toUnsignedString(seed, 36) + "_" + g + ";DB_CLOSE_DELAY=-1",
              "sa",
              "");
      JdbcMigrationStore store = JdbcMigrationStore.create(g, ds, "sim_rows");
      store.createTables();
      stores.put(g, store);
      sources.add(ds);
    }
    open.put(seed, sources);
    return stores;
  }

  @Override
  public void close(long seed) {
    List<JdbcConnectionPool> sources = open.remove(seed);
    if (sources == null) {
      return;
    }
    for (JdbcConnectionPool ds : sources) {
      try (Connection c = ds.getConnection();
          Statement s = c.createStatement()) {
        s.execute("SHUTDOWN");
      } catch (SQLException e) {
        throw new IllegalStateException("cannot shut down a simulation's H2 database", e);
      } finally {
        ds.dispose();
      }
    }
  }

  @Override
  public String name() {
    return "jdbc";
  }
}
