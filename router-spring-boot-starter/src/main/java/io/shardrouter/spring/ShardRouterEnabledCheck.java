package io.shardrouter.spring;

import java.util.Locale;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Fails the start when {@code shardrouter.enabled} holds neither {@code true} nor {@code false}.
 * Spring's boolean condition reads any other value as false, so a typo ({@code flase}) would turn
 * ShardRouter off without a word, and the application would fail later on a missing bean. This
 * check is the one part of the starter that runs whatever the setting says.
 */
@AutoConfiguration(before = ShardRouterAutoConfiguration.class)
@Conditional(ShardRouterEnabledCheck.OnMisspelt.class)
public class ShardRouterEnabledCheck {
  static final String ENABLED = "shardrouter.enabled";

  /** Never made: its factory refuses the setting. */
  @Bean
  Object shardRouterEnabledSetting(Environment environment) {
    throw refusal(String.valueOf(environment.getProperty(ENABLED)));
  }

  static InvalidShardRouterPropertyException refusal(String value) {
    return new InvalidShardRouterPropertyException(
        ENABLED,
        "it is '" + value + "', neither true nor false, which Spring would read as false",
        "set it to true (the default) or false");
  }

  /** {@code shardrouter.enabled} is set to something other than true or false. */
  static final class OnMisspelt extends SpringBootCondition {
    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext c, AnnotatedTypeMetadata m) {
      String v = c.getEnvironment().getProperty(ENABLED);
      boolean misspelt =
          v != null
              && !v.strip().toLowerCase(Locale.ROOT).equals("true")
              && !v.strip().toLowerCase(Locale.ROOT).equals("false");
      return new ConditionOutcome(misspelt, ENABLED + (misspelt ? " is misspelt" : " is fine"));
    }
  }
}
