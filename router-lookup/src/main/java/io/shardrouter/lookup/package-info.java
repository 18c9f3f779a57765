/**
 * Lookup strategies: explicit placement of named keys and tenants on top of any other strategy (a
 * directory of keys and dedicated tenants over a fallback strategy), and the tools that go with a
 * directory: index tables, uniqueness claims, ids that carry their partition, broadcast reference
 * data.
 *
 * <p>Start from:
 *
 * <ul>
 *   <li>{@link io.shardrouter.lookup.LookupStrategy} — type {@code lookup}: an exact key →
 *       partition directory with a fallback strategy for every other key; dedicated tenants,
 *       second-level splits with their own nested strategy, region pins. Backed by {@link
 *       io.shardrouter.lookup.internal.Directory}, a compact open-addressing table for tens of
 *       millions of entries.
 *   <li>{@link io.shardrouter.lookup.LookupStrategy#isolate} — isolate one key on a partition of
 *       its own as the next routing version; the movement report lists only that key.
 *   <li>{@link io.shardrouter.lookup.IndexTable} — route an index entry by a secondary attribute.
 *   <li>{@link io.shardrouter.lookup.Claims} — uniqueness claims decided on exactly one partition.
 *   <li>{@link io.shardrouter.lookup.IdGenerator} and type {@code routable_id} — 64-bit ids that
 *       carry their partition and route without a lookup.
 *   <li>{@link io.shardrouter.lookup.ReferenceData} and type {@code broadcast} — reference data
 *       written to every group and read from the nearest.
 * </ul>
 *
 * The guide is {@code docs/lookup.md}.
 *
 * <p>Null-marked: nothing here is null unless annotated {@code @Nullable}.
 */
@NullMarked
package io.shardrouter.lookup;

import org.jspecify.annotations.NullMarked;
