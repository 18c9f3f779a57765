package io.shardrouter.core.internal;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Reads the text of a composite key, a JSON array of its parts (docs/routing-spec.md §2.4), with
 * the JSON library: the one place outside the codec package that parses JSON, so that the key types
 * know no JSON library.
 *
 * <p><b>Thread-safety:</b> stateless.
 */
public final class JsonArrayText {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private JsonArrayText() {}

  /**
   * One element of the array: whether it is a JSON integer or a JSON string, its value as text (the
   * string's content, the integer's decimal digits) and its JSON text, for messages.
   */
  public record Element(boolean integral, boolean textual, String value, String json) {}

  /**
   * The elements of the JSON array {@code text}; null when {@code text} is one JSON value but no
   * array.
   *
   * @throws IllegalArgumentException when {@code text} is not one JSON value
   */
  public static @Nullable List<Element> parse(String text) {
    JsonNode array;
    try {
      array = JSON.readTree(text);
    } catch (Exception e) {
      throw new IllegalArgumentException("not one JSON value", e);
    }
    if (array == null || !array.isArray()) {
      return null;
    }
    List<Element> elements = new ArrayList<>(array.size());
    for (JsonNode p : array) {
      boolean textual = p.isTextual();
      elements.add(
          new Element(
              p.isIntegralNumber(), textual, textual ? p.textValue() : p.asText(), p.toString()));
    }
    return elements;
  }
}
