package io.shardrouter.zookeeper;

import io.shardrouter.core.RoutingException;
import java.time.Duration;
import java.util.Locale;

/**
 * {@link VersionCensus#awaitConvergence} ran out of time: too few live instances route with the
 * version. The message and {@link #report()} name the stragglers.
 *
 * <p><b>Stability:</b> evolving.
 *
 * @since 0.1
 */
public final class ConvergenceTimeoutException extends RoutingException {
  private static final long serialVersionUID = 1L;

  private final transient CensusReport report;

  ConvergenceTimeoutException(
      CensusReport report, long version, double fraction, Duration timeout) {
    super(
        String.format(
            Locale.ROOT,
            "version %d of '%s' reached %.1f%% of %d live instances within %s, %.1f%% required;"
                + " stragglers: %s; check their logs and their ZooKeeper connection before"
                + " cutting over",
            version,
            report.entity(),
            100 * report.shareAtLeast(version),
            report.instances().size(),
            timeout,
            100 * fraction,
            report.describeStragglers(version)));
    this.report = report;
  }

  /** The last census taken before the time ran out. */
  public CensusReport report() {
    return report;
  }
}
