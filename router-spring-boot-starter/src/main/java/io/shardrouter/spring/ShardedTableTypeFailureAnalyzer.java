package io.shardrouter.spring;

import io.shardrouter.jdbc.ShardedTable;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.analyzer.AbstractInjectionFailureAnalyzer;
import org.springframework.core.Ordered;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.Order;

/**
 * Prints a start that failed because a bean asked for a {@code ShardedTable} of another key class
 * than the sharded table's ({@code ShardedTable<Long>} where {@code shardrouter.table.key-type} is
 * {@code string}): the injection point, the type it asked for, the table's type and what decided
 * it, and what to change. Spring Boot's own analyzer would say only that no such bean was found.
 */
@Order(Ordered.HIGHEST_PRECEDENCE) // before Spring Boot's analyzer of the same failure
final class ShardedTableTypeFailureAnalyzer
    extends AbstractInjectionFailureAnalyzer<NoSuchBeanDefinitionException> {
  private final @Nullable BeanFactory beanFactory;

  /** An analyzer of the failed context's {@code beanFactory} (null: none to look at). */
  ShardedTableTypeFailureAnalyzer(@Nullable BeanFactory beanFactory) {
    this.beanFactory = beanFactory;
  }

  @Override
  protected @Nullable FailureAnalysis analyze(
      Throwable root, NoSuchBeanDefinitionException cause, @Nullable String injectionPoint) {
    ResolvableType wanted = cause.getResolvableType();
    if (wanted == null
        || wanted.resolve() != ShardedTable.class
        || !(beanFactory instanceof ConfigurableListableBeanFactory bf)) {
      return null;
    }
    List<String> tables = new ArrayList<>();
    TableKeyClass.KeyClass decided = null;
    ResolvableType only = null;
    String[] names = bf.getBeanNamesForType(ShardedTable.class, true, false);
    for (String name : names) {
      ResolvableType type = bf.getMergedBeanDefinition(name).getResolvableType();
      if (type.resolve() != ShardedTable.class || type.hasUnresolvableGenerics()) {
        return null; // a table of no known key class would have matched: another failure
      }
      tables.add("'" + name + "' is a " + TableKeyClass.simpleName(type));
      BeanDefinition d = bf.getBeanDefinition(name);
      if (d.getAttribute(TableKeyClass.ATTRIBUTE) instanceof TableKeyClass.KeyClass k) {
        decided = k;
      }
      only = type;
    }
    if (only == null) {
      return null; // no table at all (shardrouter.enabled=false): Spring Boot's analyzer says so
    }
    String asked = TableKeyClass.simpleName(wanted);
    StringBuilder what =
        new StringBuilder("ShardRouter cannot start: ")
            .append(injectionPoint == null ? "a bean" : injectionPoint)
            .append(" asks for a ")
            .append(asked)
            .append(", but the sharded table bean ")
            .append(String.join(", ", tables));
    if (names.length == 1 && decided != null) {
      what.append(", since ").append(decided.from());
    }
    what.append('.');
    return new FailureAnalysis(
        what.toString(), action(wanted, names.length == 1 ? only : null), cause);
  }

  /** What to change: the injection, or what decides the table's key class. */
  private static String action(ResolvableType wanted, @Nullable ResolvableType table) {
    String inject =
        table == null
            ? "inject one of the tables' types there"
            : "inject it as " + TableKeyClass.simpleName(table) + " there";
    ResolvableType keys = wanted.getGeneric(0);
    KeyTypeSetting k = KeyTypeSetting.of(keys.resolve());
    return inject
        + (k != null
            ? "; a "
                + TableKeyClass.simpleName(wanted)
                + " needs a routing table of "
                + k.value()
                + " keys (and shardrouter.table.key-type="
                + k.value()
                + ", or none)"
            : "; a "
                + TableKeyClass.simpleName(wanted)
                + " needs a KeyEncoding bean of "
                + TableKeyClass.simpleName(keys)
                + " keys");
  }
}
