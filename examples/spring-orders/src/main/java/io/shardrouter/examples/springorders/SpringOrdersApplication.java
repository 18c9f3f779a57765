package io.shardrouter.examples.springorders;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The orders service on Spring Boot: router-spring-boot-starter makes the {@code ShardedTable} of
 * the {@code orders} table from {@code application.yml} (a routing file, three H2 groups), and
 * {@link OrderController} places and reads orders through it over HTTP.
 */
@SpringBootApplication
public class SpringOrdersApplication {

  /** Runs the service; the working directory must hold {@code routing/orders.json}. */
  public static void main(String[] args) {
    SpringApplication.run(SpringOrdersApplication.class, args);
  }
}
