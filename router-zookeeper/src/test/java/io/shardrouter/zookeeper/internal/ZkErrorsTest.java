package io.shardrouter.zookeeper.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardrouter.core.RoutingException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** How ZooKeeper failures become routing exceptions: messages, causes and the interrupt flag. */
class ZkErrorsTest {
  @Test
  void routingException_passesThroughAsItIs() {
    RoutingException r = new RoutingException("already one");
    assertSame(r, ZkErrors.wrap(r, "reading /x"));
    assertFalse(Thread.currentThread().isInterrupted());
  }

  @Test
  void interrupted_saysWhatWasInterrupted_andRestoresTheFlag() {
    InterruptedException cause = new InterruptedException();
    try {
      RoutingException e = ZkErrors.wrap(cause, "reading /x");
      assertInstanceOf(ZkErrors.StoreException.class, e);
      assertEquals("interrupted while reading /x", e.getMessage());
      assertSame(cause, e.getCause());
      assertTrue(Thread.currentThread().isInterrupted());
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void otherFailure_namesItAndWhereToLook_withoutTouchingTheFlag() {
    IOException cause = new IOException("boom");
    RoutingException e = ZkErrors.wrap(cause, "reading /x");
    assertInstanceOf(ZkErrors.StoreException.class, e);
    assertEquals(
        "ZooKeeper failed while reading /x: java.io.IOException: boom; check that the ensemble is"
            + " reachable and that this client may read and write there",
        e.getMessage());
    assertSame(cause, e.getCause());
    assertFalse(Thread.currentThread().isInterrupted());
  }
}
