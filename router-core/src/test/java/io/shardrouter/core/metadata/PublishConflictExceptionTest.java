package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What a refused publish says: which version is published now and what to publish instead. */
class PublishConflictExceptionTest {
  private static final long NONE = RoutingPublisher.NOTHING_PUBLISHED;

  @Test
  void lostRace_namesThePublishedVersionAndTheNextOne() {
    PublishConflictException e =
        PublishConflictException.lostRace("orders", 4, 5, "0123456789abcdef", 5);
    assertEquals("orders", e.entity());
    assertEquals(5, e.publishedVersion());
    assertEquals(5, e.offeredVersion());
    assertEquals(
        "routing table 'orders' version 5 was not published: it was prepared on top of version 4,"
            + " but version 5 (fingerprint 0123456789ab) is published now; read version 5, redo"
            + " the change on top of it and publish it as version 6",
        e.getMessage());
    assertEquals(
        "routing table 'orders' version 1 was not published: it was prepared on top of nothing"
            + " published, but version 1 (fingerprint 0123456789ab) is published now; read"
            + " version 1, redo the change on top of it and publish it as version 2",
        PublishConflictException.lostRace("orders", NONE, 1, "0123456789ab", 1).getMessage());
    assertEquals(
        "routing table 'orders' version 2 was not published: it was prepared on top of version 1,"
            + " but version 3 is published now; read version 3, redo the change on top of it and"
            + " publish it as version 4",
        PublishConflictException.lostRace("orders", 1, 3, null, 2).getMessage());
  }

  @Test
  void lostRace_toNothingPublished_saysToReadTheStoreAgain() {
    PublishConflictException e = PublishConflictException.lostRace("orders", 4, NONE, null, 5);
    assertEquals(NONE, e.publishedVersion());
    assertEquals(
        "routing table 'orders' version 5 was not published: it was prepared on top of version 4,"
            + " but nothing is published now; read the store again and publish with expected"
            + " version "
            + NONE,
        e.getMessage());
  }

  @Test
  void notAbove_olderOrSameVersionOtherContent() {
    assertEquals(
        "routing table 'orders' version 3 is older than the published version 5; routers never go"
            + " back: publish a version above 5",
        PublishConflictException.notAbove("orders", 5, 3, false).getMessage());
    PublishConflictException same = PublishConflictException.notAbove("orders", 5, 5, true);
    assertEquals(
        "routing table 'orders' version 5 cannot replace the published version 5 with different"
            + " content; publish it as version 6",
        same.getMessage());
    assertEquals(5, same.offeredVersion());
  }
}
