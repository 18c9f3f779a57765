package io.shardrouter.spring;

import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.metadata.RoutingDocuments;
import io.shardrouter.jdbc.KeyEncoding;
import io.shardrouter.jdbc.ShardedTable;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.ResolvableType;
import org.springframework.core.env.Environment;
import org.springframework.core.type.MethodMetadata;

/**
 * Types the starter's {@code shardedTable} bean with the class of its keys, {@code
 * ShardedTable<String>} rather than {@code ShardedTable<?>} (and {@code shardRouterKeyEncoding}
 * alike), before any bean is made: an injection of a {@code ShardedTable} of another key class then
 * fails the start, and {@link ShardedTableTypeFailureAnalyzer} says why, instead of the first call.
 * Spring matches a bean typed {@code ShardedTable<?>} to any {@code ShardedTable<K>}.
 *
 * <p>The key class is, in this order: the application's {@code KeyEncoding} bean's ({@code
 * KeyEncoding<CustomerKey>}), the one {@code shardrouter.table.key-type} names, or the one of the
 * routing file's key type. Without any of them (a table following ZooKeeper, or the application's
 * own {@code Router}, with no key-type setting) it is known only once the routing table is read,
 * after the beans that inject the table: the bean stays {@code ShardedTable<?>}.
 */
final class TableKeyClass implements BeanFactoryPostProcessor, EnvironmentAware {
  static final String TABLE = "shardedTable";
  static final String ENCODING = "shardRouterKeyEncoding";
  private static final String ROUTER = "shardRouter";
  private static final String KEY_TYPE = "shardrouter.table.key-type";

  /** The attribute of the typed bean definitions that holds their {@link KeyClass}. */
  static final String ATTRIBUTE = KeyClass.class.getName();

  private @Nullable Environment environment;

  /**
   * The class of a table's keys, and what decided it.
   *
   * @param type the key class, e.g. {@code String}
   * @param from what decided it, for a message: "shardrouter.table.key-type is 'string'"
   */
  record KeyClass(ResolvableType type, String from) {}

  @Override
  public void setEnvironment(Environment environment) {
    this.environment = environment;
  }

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    Environment env = environment;
    if (env == null || !(starters(beanFactory, TABLE) instanceof RootBeanDefinition table)) {
      return; // the application's own table, typed by the application
    }
    KeyClass k = keyClass(beanFactory, env);
    if (k == null) {
      return;
    }
    table.setTargetType(ResolvableType.forClassWithGenerics(ShardedTable.class, k.type()));
    table.setAttribute(ATTRIBUTE, k);
    if (starters(beanFactory, ENCODING) instanceof RootBeanDefinition encoding) {
      encoding.setTargetType(ResolvableType.forClassWithGenerics(KeyEncoding.class, k.type()));
      encoding.setAttribute(ATTRIBUTE, k);
    }
    beanFactory.clearMetadataCache(); // merged definitions made before see the types
  }

  /** The key class of the starter's table, or null when it is not known before the table is. */
  static @Nullable KeyClass keyClass(ConfigurableListableBeanFactory bf, Environment env) {
    String[] encodings = bf.getBeanNamesForType(KeyEncoding.class, true, false);
    if (encodings.length == 1 && starters(bf, encodings[0]) == null) {
      bf.getType(encodings[0], false); // resolves a factory method's return type, makes nothing
      ResolvableType keys =
          bf.getMergedBeanDefinition(encodings[0])
              .getResolvableType()
              .as(KeyEncoding.class)
              .getGeneric(0);
      return keys.resolve() == null || keys.hasUnresolvableGenerics()
          ? null
          : new KeyClass(
              keys,
              "the KeyEncoding bean '" + encodings[0] + "' encodes " + simpleName(keys) + " keys");
    }
    if (encodings.length > 1) {
      return null; // the table cannot start: it needs one
    }
    String named = RoutingConditions.setting(env, KEY_TYPE);
    if (named != null) {
      KeyTypeSetting k = KeyTypeSetting.named(named);
      return k == null ? null : new KeyClass(forClass(k), KEY_TYPE + " is '" + named + "'");
    }
    String file = RoutingConditions.setting(env, RoutingConditions.FILE);
    if (file == null || !fromFile(bf)) {
      return null;
    }
    try {
      Path path = Path.of(file);
      java.nio.file.attribute.BasicFileAttributes before = FileTableHandoff.attributes(path);
      RoutingTable routing = RoutingDocuments.read(path);
      if (before != null && !bf.containsSingleton(FileTableHandoff.BEAN)) {
        // the router's bean takes it instead of reading the file again
        bf.registerSingleton(FileTableHandoff.BEAN, FileTableHandoff.of(path, before, routing));
      }
      KeyTypeSetting k = KeyTypeSetting.named(routing.keyType().toString());
      return k == null
          ? null // a composite key type: the start fails, asking for a KeyEncoding bean
          : new KeyClass(
              forClass(k),
              "routing table '"
                  + routing.entity()
                  + "' of the routing file '"
                  + file
                  + "' routes keys of type "
                  + k.value()
                  + " and "
                  + KEY_TYPE
                  + " is not set");
    } catch (RuntimeException e) {
      return null; // the router's bean reads it again, and fails the start saying why
    }
  }

  private static ResolvableType forClass(KeyTypeSetting k) {
    return ResolvableType.forClass(k.keyClass());
  }

  /** True when the starter's router is read from the routing file, not the application's. */
  private static boolean fromFile(ConfigurableListableBeanFactory bf) {
    return starters(bf, ROUTER) instanceof AnnotatedBeanDefinition a
        && a.getFactoryMethodMetadata() != null
        && a.getFactoryMethodMetadata()
            .getDeclaringClassName()
            .equals(ShardRouterAutoConfiguration.FileRoutingConfiguration.class.getName());
  }

  /** The bean definition {@code name} when the starter made it, else null. */
  static @Nullable BeanDefinition starters(ConfigurableListableBeanFactory bf, String name) {
    if (!bf.containsBeanDefinition(name)) {
      return null;
    }
    BeanDefinition d = bf.getBeanDefinition(name);
    MethodMetadata m = d instanceof AnnotatedBeanDefinition a ? a.getFactoryMethodMetadata() : null;
    return m != null
            && m.getDeclaringClassName().startsWith(ShardRouterAutoConfiguration.class.getName())
        ? d
        : null;
  }

  /** {@code ShardedTable<String>}, {@code byte[]}, {@code CustomerKey}: a type as code names it. */
  static String simpleName(ResolvableType type) {
    Class<?> raw = type.resolve();
    if (raw == null) {
      return "?";
    }
    StringBuilder b = new StringBuilder(raw.getSimpleName());
    if (type.hasGenerics()) {
      b.append('<');
      ResolvableType[] generics = type.getGenerics();
      for (int i = 0; i < generics.length; i++) {
        b.append(i == 0 ? "" : ", ").append(simpleName(generics[i]));
      }
      b.append('>');
    }
    return b.toString();
  }
}
