package io.shardrouter.core.metadata;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.shardrouter.core.InvalidRoutingTableException;
import io.shardrouter.core.Violation;
import java.io.IOException;

/**
 * The strict JSON parse of a routing document: bounded nesting, string, name, number and document
 * lengths, duplicate fields and trailing tokens refused, no comments. A parse that fails is an
 * {@link InvalidRoutingTableException} with one violation at {@code $} that gives the line and
 * column.
 */
final class StrictJson {
  private StrictJson() {}

  /**
   * The document's tree: first {@link DocumentTree}'s, which leaves the large values of {@code
   * bulkFields} unbuilt (the registry's {@link
   * io.shardrouter.core.StrategyRegistry#bulkParameters}); when that reader does not vouch for the
   * document, the strict parse below, whose errors are the ones reported.
   *
   * @throws InvalidRoutingTableException when {@code json} is not one JSON value (or is empty), or
   *     is over a nesting, length or size limit
   */
  public static JsonNode parse(
      byte[] json, int maxBytes, int maxNesting, java.util.Set<String> bulkFields) {
    JsonNode fast =
        DocumentTree.read(
            json,
            limits(maxBytes, maxNesting)
                .disable(
                    JsonFactory.Feature
                        .INTERN_FIELD_NAMES) // millions of directory keys are not worth interning
                .build(),
            bulkFields);
    if (fast != null) {
      return fast;
    }
    JsonFactory factory =
        limits(maxBytes, maxNesting).enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    // Trailing content is looked for below, after the value, to say where it starts in plain words
    // (Jackson's FAIL_ON_TRAILING_TOKENS names its own types and feature).
    ObjectMapper mapper =
        new ObjectMapper(factory)
            .disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);
    mapper.getFactory().disable(JsonParser.Feature.ALLOW_COMMENTS);
    try (JsonParser p = mapper.getFactory().createParser(json)) {
      JsonNode root = mapper.readTree(p);
      if (root == null || root.isMissingNode()) {
        throw new InvalidRoutingTableException(
            new Violation("$", "document is empty; give a routing document object"));
      }
      refuseTrailingContent(json, p.currentLocation(), root);
      return root;
    } catch (StreamConstraintsException e) {
      throw new InvalidRoutingTableException(
          new Violation(
              "$",
              "over a reader limit"
                  + where(factory, json, e)
                  + ": "
                  + e.getOriginalMessage()
                  + "; a routing document never needs more"));
    } catch (JsonProcessingException e) {
      throw new InvalidRoutingTableException(
          new Violation(
              "$", "malformed JSON" + where(factory, json, e) + ": " + e.getOriginalMessage()));
    } catch (IOException e) {
      throw new InvalidRoutingTableException(
          new Violation("$", "unreadable JSON: " + e.getMessage()));
    }
  }

  /**
   * Refuses anything but whitespace after the value that ended at {@code end}: a routing document
   * is one JSON value ({@code {...} {}} is two), and what follows it is named by its line and
   * column.
   */
  private static void refuseTrailingContent(
      byte[] json, com.fasterxml.jackson.core.JsonLocation end, JsonNode root) {
    long line = end.getLineNr();
    long column = end.getColumnNr();
    for (long i = Math.max(0, end.getByteOffset()); i < json.length; i++) {
      byte b = json[(int) i];
      if (b == '\n' || (b == '\r' && (i + 1 == json.length || json[(int) i + 1] != '\n'))) {
        line++;
        column = 1;
      } else if (b == ' ' || b == '\t' || b == '\r') {
        column += b == '\r' ? 0 : 1;
      } else {
        String after = root.isObject() ? "its closing brace" : "its value";
        throw new InvalidRoutingTableException(
            new Violation(
                "$",
                "the document continues after "
                    + after
                    + " at line "
                    + line
                    + ", column "
                    + column
                    + ": a routing document is one JSON object; remove what follows"));
      }
    }
  }

  /** Where {@code e} stopped the parse, as {@code " at line L, column C"}. */
  private static String where(JsonFactory factory, byte[] json, JsonProcessingException e) {
    return e.getLocation() == null
        ? locate(factory, json)
        : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
  }

  /**
   * Where a plain pass over {@code json} with {@code factory}'s limits stops, as {@code " at line
   * L, column C (byte offset B)"}: for the limit errors (nesting, string, name and number length)
   * whose exception carries no location. Empty when the pass does not fail.
   */
  private static String locate(JsonFactory factory, byte[] json) {
    try (JsonParser p = factory.createParser(json)) {
      try {
        while (p.nextToken() != null) {
          if (p.currentToken().isScalarValue()) {
            p.getText(); // string and number length limits apply when the text is read
          }
        }
      } catch (IOException e) {
        com.fasterxml.jackson.core.JsonLocation at = p.currentLocation();
        return " at line "
            + at.getLineNr()
            + ", column "
            + at.getColumnNr()
            + " (byte offset "
            + at.getByteOffset()
            + ")";
      }
    } catch (IOException e) {
      return "";
    }
    return "";
  }

  private static JsonFactoryBuilder limits(int maxBytes, int maxNesting) {
    return new JsonFactoryBuilder()
        .streamReadConstraints(
            StreamReadConstraints.builder()
                .maxNestingDepth(maxNesting)
                .maxStringLength(1 << 20)
                .maxNumberLength(64)
                .maxNameLength(1024)
                .maxDocumentLength(maxBytes)
                .build());
  }
}
