package io.shardrouter.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonArrayText#parse}: an array's elements with their kinds, null for one JSON value that
 * is no array (even an empty-looking one), and a refusal for text that is not one JSON value.
 */
class JsonArrayTextTest {

  @Test
  void anArray_givesItsElements() {
    assertEquals(
        List.of(
            new JsonArrayText.Element(false, true, "a", "\"a\""),
            new JsonArrayText.Element(true, false, "42", "42")),
        JsonArrayText.parse("[\"a\", 42]"));
    assertEquals(List.of(), JsonArrayText.parse("[]"));
  }

  @Test
  void oneValueThatIsNoArray_null() {
    assertNull(JsonArrayText.parse("42"));
    assertNull(JsonArrayText.parse("\"[]\""));
    assertNull(JsonArrayText.parse("{}"));
  }

  @Test
  void notOneJsonValue_refused() {
    assertThrows(IllegalArgumentException.class, () -> JsonArrayText.parse("[1,"));
  }
}
