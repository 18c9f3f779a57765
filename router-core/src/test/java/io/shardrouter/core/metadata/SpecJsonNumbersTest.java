package io.shardrouter.core.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import io.shardrouter.core.Spec;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link SpecJson} gives an integer that fits a {@code long} (up to 63 bits) as a long, and a
 * larger one as a big integer, in its tree ({@code toJson}) and in its tokens ({@code write})
 * alike.
 */
class SpecJsonNumbersTest {
  private static final BigInteger TWO_63 = BigInteger.ONE.shiftLeft(63);

  private static JsonParser.NumberType written(Spec spec) throws Exception {
    TokenBuffer b = new TokenBuffer(new ObjectMapper(), false);
    SpecJson.write(spec, b);
    try (JsonParser p = b.asParser()) {
      p.nextToken();
      return p.getNumberType();
    }
  }

  @Test
  void sixtyThreeBits_isALong_sixtyFourBits_aBigInteger() throws Exception {
    for (long n : new long[] {Long.MAX_VALUE, 1L << 62, Long.MIN_VALUE, -(1L << 62) - 1, 0}) {
      JsonNode node = SpecJson.toJson(Spec.of(n));
      assertEquals(JsonParser.NumberType.LONG, node.numberType(), "" + n);
      assertEquals(n, node.longValue());
      assertEquals(JsonParser.NumberType.LONG, written(Spec.of(n)), "" + n);
    }
    for (BigInteger n : new BigInteger[] {TWO_63, TWO_63.negate().subtract(BigInteger.ONE)}) {
      JsonNode node = SpecJson.toJson(Spec.of(n));
      assertEquals(JsonParser.NumberType.BIG_INTEGER, node.numberType(), "" + n);
      assertEquals(n, node.bigIntegerValue());
      assertEquals(JsonParser.NumberType.BIG_INTEGER, written(Spec.of(n)), "" + n);
    }
  }
}
