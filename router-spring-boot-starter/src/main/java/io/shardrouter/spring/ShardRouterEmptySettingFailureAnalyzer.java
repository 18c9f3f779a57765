package io.shardrouter.spring;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Prints a start that failed on a {@code shardrouter.*} setting set to nothing ({@code
 * shardrouter.routing.file=}) as what it is: the setting is set but empty, and what to set. Spring
 * Boot binds an empty value to no path or duration at all, and its own analyzer then calls the
 * setting "left unbound", as it calls a misspelt key; a misspelt key is left to it.
 */
@Order(Ordered.HIGHEST_PRECEDENCE) // before Spring Boot's analyzer of the same failure
final class ShardRouterEmptySettingFailureAnalyzer
    extends AbstractFailureAnalyzer<UnboundConfigurationPropertiesException> {

  @Override
  protected @Nullable FailureAnalysis analyze(
      Throwable root, UnboundConfigurationPropertiesException cause) {
    List<String> empty = new ArrayList<>();
    String origin = null;
    for (ConfigurationProperty p : cause.getUnboundProperties()) {
      String name = p.getName().toString();
      if (!name.startsWith("shardrouter.")
          || !(p.getValue() instanceof CharSequence v)
          || !v.toString().isBlank()) {
        return null; // a key no setting has: Spring Boot's analyzer names it
      }
      empty.add(name);
      if (origin == null && p.getOrigin() != null) {
        origin = p.getOrigin().toString();
      }
    }
    if (empty.isEmpty()) {
      return null;
    }
    String setting = empty.size() == 1 ? empty.get(0) : String.join(", ", empty);
    return new FailureAnalysis(
        "ShardRouter cannot start: the setting"
            + (empty.size() == 1
                ? " '" + setting + "' does not work: it is"
                : "s " + setting + " do not work: they are")
            + " set but empty"
            + (origin == null ? "" : " (" + origin + ")")
            + ".",
        empty.contains(RoutingConditions.FILE)
            ? RoutingConditions.emptyFileAction(null)
                + (empty.size() == 1 ? "" : "; set each of the others to a value, or remove it")
            : "set "
                + (empty.size() == 1 ? "it" : "each")
                + " to a value, or remove "
                + (empty.size() == 1 ? "it" : "them")
                + " to take the default (docs/spring-boot.md lists every setting and its default)",
        cause);
  }
}
