package io.shardrouter.examples.springorders;

import static org.assertj.core.api.Assertions.assertThat;

import io.shardrouter.core.ReplicaGroup;
import io.shardrouter.core.Router;
import io.shardrouter.jdbc.ShardedDataSource;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The service on a random port, called over HTTP as a client would: an order placed for a customer
 * is stored on the group the routing file names for that customer, and only there; it reads back; a
 * retried request changes nothing; a bad request is refused; Actuator shows the routing health, the
 * info entry and the meters.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SpringOrdersApplicationTest {
  private static final JsonMapper JSON = JsonMapper.shared();
  private final HttpClient http = HttpClient.newHttpClient();

  @Value("${local.server.port}")
  int port;

  @Autowired Router router;
  @Autowired ShardedDataSource groups;

  @Test
  void order_isPlacedOnItsCustomersGroup_andReadBack() throws Exception {
    String group = router.route("alice").group().id();

    HttpResponse<String> placed =
        post("/customers/alice/orders", "{\"id\":\"order-1\",\"item\":\"book\",\"cents\":1250}");
    assertThat(placed.statusCode()).as(placed.body()).isEqualTo(201);
    JsonNode p = JSON.readTree(placed.body());
    assertThat(p.get("outcome").asString()).isEqualTo("WRITTEN");
    assertThat(p.get("group").asString()).isEqualTo(group);
    assertThat(p.get("version").asLong()).isEqualTo(1);

    HttpResponse<String> again =
        post("/customers/alice/orders", "{\"id\":\"order-1\",\"item\":\"book\",\"cents\":1250}");
    assertThat(again.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(again.body()).get("outcome").asString()).isEqualTo("ALREADY_WRITTEN");
    assertThat(
            post("/customers/alice/orders", "{\"id\":\"order-2\",\"item\":\"pen\",\"cents\":300}")
                .statusCode())
        .isEqualTo(201);

    HttpResponse<String> list = get("/customers/alice/orders");
    assertThat(list.statusCode()).isEqualTo(200);
    JsonNode orders = JSON.readTree(list.body());
    assertThat(orders.size()).isEqualTo(2);
    assertThat(orders.get(0).get("id").asString()).isEqualTo("order-1");
    assertThat(orders.get(0).get("item").asString()).isEqualTo("book");
    assertThat(orders.get(0).get("cents").asLong()).isEqualTo(1250);
    assertThat(orders.get(1).get("id").asString()).isEqualTo("order-2");

    for (ReplicaGroup g : router.table().groups()) {
      assertThat(rowsOn(g, "alice")).as(g.id()).isEqualTo(g.id().equals(group) ? 2 : 0);
    }
  }

  @Test
  void badOrder_isRefused_withTheReason() throws Exception {
    HttpResponse<String> r =
        post("/customers/bob/orders", "{\"id\":\"order-1\",\"item\":\"x\",\"cents\":-5}");
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(r.body()).get("error").asString())
        .isEqualTo("cents must be >= 0, got -5");
    assertThat(JSON.readTree(get("/customers/bob/orders").body()).size()).isZero();
  }

  @Test
  void actuator_showsRoutingHealth_info_andMeters() throws Exception {
    HttpResponse<String> health = get("/actuator/health/shardrouter");
    assertThat(health.statusCode()).as(health.body()).isEqualTo(200);
    JsonNode h = JSON.readTree(health.body());
    assertThat(h.get("status").asString()).isEqualTo("UP");
    assertThat(h.get("details").get("entity").asString()).isEqualTo("orders");
    assertThat(h.get("details").get("version").asLong()).isEqualTo(1);

    JsonNode info = JSON.readTree(get("/actuator/info").body()).get("shardrouter");
    assertThat(info.get("entity").asString()).isEqualTo("orders");
    assertThat(info.get("partitions").asLong()).isEqualTo(12);
    assertThat(info.get("groups").size()).isEqualTo(3);

    JsonNode healthy =
        JSON.readTree(get("/actuator/metrics/shardrouter.sharded.table.healthy").body());
    assertThat(healthy.get("measurements").get(0).get("value").asDouble()).isEqualTo(1.0);
  }

  private HttpResponse<String> post(String path, String json)
      throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private long rowsOn(ReplicaGroup group, String customer) throws SQLException {
    try (Connection c = groups.primary(group).getConnection();
        PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM orders WHERE row_key = ?")) {
      s.setBytes(1, customer.getBytes(StandardCharsets.UTF_8));
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }
}
