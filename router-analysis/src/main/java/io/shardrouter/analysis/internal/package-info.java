/** The machinery of the key analysis: the report's HTML page and its JSON form. */
package io.shardrouter.analysis.internal;
