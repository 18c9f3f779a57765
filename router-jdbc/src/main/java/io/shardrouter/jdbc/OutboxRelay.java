package io.shardrouter.jdbc;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes the events of every group's {@link Outbox}, oldest first per group, and marks each one
 * published in its outbox once the {@link Publisher} has taken it. Resumable: what a run does not
 * publish (the publisher failed, the process stopped) the next run publishes, from the first
 * unpublished event. Rows are picked by their mark, not by a position, so an event whose
 * transaction commits after a later one's is never skipped.
 *
 * <p>Each event is published once, except after a crash between a publish and its mark: then that
 * event is published again, with the same {@link Outbox.Event#eventId()}, which the consumer uses
 * to apply it once. Run one relay per outbox (e.g. one elected process); two relays on one outbox
 * would publish the same events twice.
 *
 * <p><b>Thread-safety:</b> {@link #runOnce} calls must not overlap; run them from one thread.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class OutboxRelay {
  private static final Logger LOG = LoggerFactory.getLogger(OutboxRelay.class);

  private final Router router;
  private final ShardedDataSource sources;
  private final Outbox outbox;
  private final Publisher publisher;
  private final LongSupplier clock;
  private final String select;
  private final String mark;

  private OutboxRelay(
      Router router,
      ShardedDataSource sources,
      Outbox outbox,
      Publisher publisher,
      LongSupplier clock) {
    this.router = Objects.requireNonNull(router, "router");
    this.sources = Objects.requireNonNull(sources, "sources");
    this.outbox = Objects.requireNonNull(outbox, "outbox");
    this.publisher = Objects.requireNonNull(publisher, "publisher");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.select =
        "SELECT seq, event_id, event_key, topic, payload, created_at FROM "
            + outbox.table()
            + " WHERE published_at IS NULL ORDER BY seq LIMIT ?";
    this.mark =
        "UPDATE " + outbox.table() + " SET published_at = ? WHERE seq = ? AND published_at IS NULL";
  }

  /**
   * A relay of {@code outbox} on the primary of every group of {@code router}'s current table, to
   * {@code publisher}.
   */
  public static OutboxRelay create(
      Router router, ShardedDataSource sources, Outbox outbox, Publisher publisher) {
    return new OutboxRelay(router, sources, outbox, publisher, System::currentTimeMillis);
  }

  /**
   * Publishes up to {@code batchPerGroup} unpublished events of each group, oldest first. A group
   * whose publisher call fails stops there (its order is kept) and the others go on.
   *
   * @return the number of events published and marked in this run
   * @throws IllegalArgumentException when {@code batchPerGroup} is not positive
   * @throws JdbcStoreException when an outbox cannot be read or marked
   */
  public int runOnce(int batchPerGroup) {
    if (batchPerGroup < 1) {
      throw new IllegalArgumentException("batchPerGroup must be at least 1, got " + batchPerGroup);
    }
    int published = 0;
    for (ReplicaGroup g : router.table().groups()) {
      published += drain(g, batchPerGroup);
    }
    return published;
  }

  private int drain(ReplicaGroup group, int batch) {
    DataSource primary = sources.primary(group);
    List<Long> seqs = new ArrayList<>();
    List<Outbox.Event> events = new ArrayList<>();
    try (Connection c = primary.getConnection();
        PreparedStatement ps = c.prepareStatement(select)) {
      ps.setInt(1, batch);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          seqs.add(rs.getLong(1));
          events.add(
              new Outbox.Event(
                  rs.getString(2),
                  rs.getString(3),
                  rs.getString(4),
                  rs.getString(5),
                  rs.getLong(6)));
        }
      }
    } catch (SQLException e) {
      throw failure("read", group, e);
    }
    int done = 0;
    try (Connection c = primary.getConnection();
        PreparedStatement ps = c.prepareStatement(mark)) {
      for (int i = 0; i < events.size(); i++) {
        try {
          publisher.publish(group.id(), events.get(i));
        } catch (Exception e) {
          LOG.warn(
              "publishing event '{}' of replica group '{}' failed; it and the {} after it in this"
                  + " batch stay in outbox '{}' for the next run",
              events.get(i).eventId(),
              group.id(),
              events.size() - i - 1,
              outbox.table(),
              e);
          return done;
        }
        ps.setLong(1, clock.getAsLong());
        ps.setLong(2, seqs.get(i));
        ps.executeUpdate();
        done++;
      }
    } catch (SQLException e) {
      throw failure("mark", group, e);
    }
    return done;
  }

  private JdbcStoreException failure(String what, ReplicaGroup group, SQLException e) {
    return new JdbcStoreException(
        "cannot " + what + " outbox '" + outbox.table() + "' of replica group '" + group.id() + "'",
        e);
  }

  @Override
  public String toString() {
    return "OutboxRelay{" + outbox.table() + " -> " + publisher + "}";
  }

  /**
   * Where an {@link OutboxRelay} sends the events it reads from each group's outbox: a message
   * broker, an index updater, a cache invalidator.
   *
   * <p><b>Stability:</b> stable SPI.
   *
   * @since 0.1
   */
  @FunctionalInterface
  public interface Publisher {

    /**
     * Publishes {@code event}, read from the outbox of replica group {@code groupId}. Returning
     * normally means it was delivered; throwing leaves it (and the rest of the group's batch) in
     * the outbox for the next run. Deduplicate by {@link Outbox.Event#eventId()}: after a crash
     * between a publish and its mark, the relay publishes that event again.
     *
     * @throws Exception when it could not be delivered
     */
    void publish(String groupId, Outbox.Event event) throws Exception;
  }
}
