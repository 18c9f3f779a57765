package io.shardrouter.jdbc;

import java.util.Objects;

/**
 * One event written to a group's outbox in the transaction of the business change it announces.
 *
 * @param eventId unique per event, chosen by the writer (e.g. {@code "order-created:" + orderId}):
 *     appending the same id again does nothing, so a retried request announces its change once; the
 *     consumer deduplicates by it too
 * @param key the business key the event is about (e.g. the user id), which routed the change
 * @param topic what kind of event it is, e.g. {@code "order-created"}
 * @param payload the event's body, text (e.g. JSON)
 * @param createdAtMillis when it was written, ms since the epoch
 * @since 0.1
 */
public record OutboxEvent(
    String eventId, String key, String topic, String payload, long createdAtMillis) {
  /** Checks that no field is null and the event id is not blank. */
  public OutboxEvent {
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(topic, "topic");
    Objects.requireNonNull(payload, "payload");
    if (eventId.isBlank() || eventId.length() > 200) {
      throw new IllegalArgumentException(
          "an outbox event id must be 1 to 200 non-blank characters, got '" + eventId + "'");
    }
  }
}
