package io.shardrouter.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shardrouter.jdbc.KeyEncoding;
import io.shardrouter.jdbc.ShardedTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.core.ResolvableType;

/**
 * The {@code shardedTable} bean is typed with its key class: a bean that asks for the table of its
 * key class gets it, one that asks for another key class fails the start, and {@link
 * ShardedTableTypeFailureAnalyzer} names both types, what decided the table's and what to change.
 */
@ExtendWith(OutputCaptureExtension.class)
class ShardRouterTableTypeTest {
  private static final String RUN = TestRouting.run();

  @TempDir Path dir;
  private Path file;

  /** A DAO of string keys. */
  record StringOrders(ShardedTable<String> table) {}

  /** A DAO of long keys. */
  record LongOrders(ShardedTable<Long> table) {}

  /** A DAO of composite keys. */
  record CustomerOrders(ShardedTable<ShardRouterOverrideTest.CompositeKeys.CustomerKey> table) {}

  @ImportAutoConfiguration(ShardRouterAutoConfiguration.class)
  static class Starter {}

  @BeforeEach
  void routingFile() throws IOException {
    file = dir.resolve("orders.json");
    Map<String, String> groups = new LinkedHashMap<>();
    groups.put("g1", TestRouting.h2(RUN + "-g1"));
    groups.put("g2", TestRouting.h2(RUN + "-g2"));
    Files.writeString(file, TestRouting.document(1, "string", groups, List.of("g1", "g2")));
  }

  private List<String> properties(String... more) {
    List<String> p = new ArrayList<>();
    p.add("shardrouter.routing.file=" + file);
    p.add("shardrouter.groups.g1.username=sa");
    p.add("shardrouter.groups.g2.username=sa");
    p.add("shardrouter.table.name=orders");
    p.add("shardrouter.table.columns=customer,cents");
    p.addAll(List.of(more));
    return p;
  }

  /** A context of the starter and {@code beans}, started; closed by the caller. */
  private static AnnotationConfigApplicationContext start(
      List<String> properties, Class<?>... beans) {
    AnnotationConfigApplicationContext c = new AnnotationConfigApplicationContext();
    TestPropertyValues.of(properties).applyTo(c);
    c.register(Starter.class);
    c.register(beans);
    c.refresh();
    return c;
  }

  /**
   * The analysis of a start of the starter and {@code beans} with {@code properties}, which fails.
   */
  private static FailureAnalysis failure(List<String> properties, Class<?>... beans) {
    AnnotationConfigApplicationContext c = new AnnotationConfigApplicationContext();
    TestPropertyValues.of(properties).applyTo(c);
    c.register(Starter.class);
    c.register(beans);
    Throwable[] failure = new Throwable[1];
    assertThatThrownBy(c::refresh).satisfies(e -> failure[0] = e);
    FailureAnalysis a = new ShardedTableTypeFailureAnalyzer(c.getBeanFactory()).analyze(failure[0]);
    assertThat(a).as("analyzed: " + failure[0]).isNotNull();
    return a;
  }

  @Test
  void simpleName_namesATypeAsCodeDoes_anUnresolvedOneAsAQuestionMark() {
    assertThat(
            TableKeyClass.simpleName(
                ResolvableType.forClassWithGenerics(ShardedTable.class, String.class)))
        .isEqualTo("ShardedTable<String>");
    assertThat(TableKeyClass.simpleName(ResolvableType.forClass(byte[].class))).isEqualTo("byte[]");
    assertThat(TableKeyClass.simpleName(ResolvableType.NONE)).isEqualTo("?");
  }

  @Test
  void keyClass_ofTheRoutingFilesKeyType_rightTypeInjects_anotherFailsTheStart() {
    try (AnnotationConfigApplicationContext c = start(properties(), StringOrders.class)) {
      assertThat(c.getBean(StringOrders.class).table().write("k", "o1", 1, "x", 1L))
          .isEqualTo(ShardedTable.Outcome.WRITTEN);
      assertThat(c.getBeanProvider(KeyEncoding.class).getObject().keyType().toString())
          .isEqualTo("string");
    }
    FailureAnalysis a = failure(properties(), LongOrders.class);
    assertThat(a.getDescription())
        .isEqualTo(
            "ShardRouter cannot start: Parameter 0 of constructor in "
                + LongOrders.class.getName()
                + " asks for a ShardedTable<Long>, but the sharded table bean 'shardedTable' is a"
                + " ShardedTable<String>, since routing table 'orders' of the routing file '"
                + file
                + "' routes keys of type string and shardrouter.table.key-type is not set.");
    assertThat(a.getAction())
        .isEqualTo(
            "inject it as ShardedTable<String> there; a ShardedTable<Long> needs a routing table"
                + " of long keys (and shardrouter.table.key-type=long, or none)");
  }

  @Test
  void keyClass_ofTheKeyTypeSetting() {
    List<String> p = properties("shardrouter.table.key-type=String");
    try (AnnotationConfigApplicationContext c = start(p, StringOrders.class)) {
      assertThat(c.getBean(StringOrders.class).table().table()).isEqualTo("orders");
    }
    assertThat(failure(p, LongOrders.class).getDescription())
        .endsWith("is a ShardedTable<String>, since shardrouter.table.key-type is 'String'.");
  }

  @Test
  void keyClass_ofTheApplicationsKeyEncoding() throws IOException {
    Files.writeString(file, TestRouting.compositeDocument(RUN + "-c1", RUN + "-c2"));
    try (AnnotationConfigApplicationContext c =
        start(properties(), ShardRouterOverrideTest.CompositeKeys.class, CustomerOrders.class)) {
      ShardRouterOverrideTest.CompositeKeys.CustomerKey key =
          new ShardRouterOverrideTest.CompositeKeys.CustomerKey("acme", 42);
      assertThat(c.getBean(CustomerOrders.class).table().write(key, "o1", 1, "x", 1L))
          .isEqualTo(ShardedTable.Outcome.WRITTEN);
    }
    FailureAnalysis a =
        failure(properties(), ShardRouterOverrideTest.CompositeKeys.class, StringOrders.class);
    assertThat(a.getDescription())
        .contains(
            " asks for a ShardedTable<String>, but the sharded table bean 'shardedTable' is a")
        .endsWith(
            " ShardedTable<CustomerKey>, since the KeyEncoding bean 'keys' encodes CustomerKey"
                + " keys.");
    assertThat(a.getAction())
        .startsWith("inject it as ShardedTable<CustomerKey> there; a ShardedTable<String> needs");
  }

  @SpringBootConfiguration
  @ImportAutoConfiguration(ShardRouterAutoConfiguration.class)
  @Import(LongOrders.class)
  static class LongApplication {}

  @Test
  void anotherKeyClass_inAnApplication_printsTheAnalysis(CapturedOutput output) {
    assertThatThrownBy(
            () ->
                new SpringApplicationBuilder(LongApplication.class)
                    .web(WebApplicationType.NONE)
                    .properties(properties().toArray(new String[0]))
                    .run()
                    .close())
        .isNotNull();
    assertThat(output.getAll())
        .contains("APPLICATION FAILED TO START")
        .contains(
            "ShardRouter cannot start: Parameter 0 of constructor in "
                + LongOrders.class.getName()
                + " asks for a ShardedTable<Long>")
        .contains("inject it as ShardedTable<String> there");
  }
}
