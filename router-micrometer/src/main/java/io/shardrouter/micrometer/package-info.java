/**
 * Micrometer meters of a router. Start from {@link io.shardrouter.micrometer.RouterMetrics}; the
 * meters are listed in {@code docs/observability.md}.
 */
package io.shardrouter.micrometer;
