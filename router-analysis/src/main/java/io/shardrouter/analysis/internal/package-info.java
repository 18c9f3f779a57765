/** The machinery of the shard-key analysis: the report's HTML page and its JSON form. */
package io.shardrouter.analysis.internal;
