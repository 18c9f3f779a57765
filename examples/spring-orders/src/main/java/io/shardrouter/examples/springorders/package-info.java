/**
 * The orders service on Spring Boot and router-spring-boot-starter: start from {@link
 * io.shardrouter.examples.springorders.SpringOrdersApplication}; the HTTP endpoint is {@code
 * OrderController}, the settings are in {@code application.yml} ({@code docs/spring-boot.md}).
 */
package io.shardrouter.examples.springorders;
