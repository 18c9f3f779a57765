package io.shardrouter.core.metadata;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.shardrouter.core.Spec;
import java.io.IOException;

/**
 * The codec's conversions between {@link Spec} and the JSON library, for tests outside this package
 * (router-core's other packages and, through the test-jar, the strategy modules) that compare a
 * writer's text with the JSON library's: {@link SpecJson} is package-private.
 */
public final class SpecTrees {
  private SpecTrees() {}

  /** The JSON library's tree of {@code spec}, built member by member. */
  public static JsonNode toJson(Spec spec) {
    return SpecJson.toJson(spec);
  }

  /** Writes {@code spec} to {@code g} as the document writer does (streamed views included). */
  public static void write(Spec spec, JsonGenerator g) throws IOException {
    SpecJson.write(spec, g);
  }
}
