/** The machinery of route statistics: striped counters, the Space-Saving sketch, JSON reading. */
package io.shardrouter.stats.internal;
