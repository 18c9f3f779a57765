package io.shardrouter.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.shardrouter.core.key.Hex;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** SHA-256 over the compact JSON of a table's content, in the field order the table writes it. */
final class Fingerprints {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Fingerprints() {}

  static String of(ObjectNode content) {
    try {
      String json = JSON.writeValueAsString(content);
      // Strict: a lone surrogate must not turn into '?' and collide with another table's content.
      byte[] bytes = io.shardrouter.core.key.CanonicalKeys.of(json);
      return Hex.of(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (JsonProcessingException | NoSuchAlgorithmException e) {
      throw new IllegalStateException("cannot fingerprint a routing table: " + e, e);
    }
  }
}
