package io.shardrouter.conformance;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The exported signatures of one module as sorted text: every public type of an exported package
 * (and every public or protected type nested in one), with its supertypes, and every public or
 * protected constructor, method and field it declares. Generic signatures are written in full, so a
 * changed type argument is an API change too.
 *
 * <p>One line per type or member, {@code <type> :: <signature>}, sorted: the output depends only on
 * the compiled classes, never on reflection's order.
 */
final class ApiSnapshot {
  private ApiSnapshot() {}

  /** The lines of the module's API, sorted. */
  static List<String> of(LibraryModule module) {
    Set<String> exported = module.exportedPackages();
    TreeSet<String> lines = new TreeSet<>();
    ClassLoader loader = ApiSnapshot.class.getClassLoader();
    for (String name : module.classNames()) {
      int dot = name.lastIndexOf('.');
      if (!exported.contains(dot < 0 ? "" : name.substring(0, dot))) {
        continue;
      }
      Class<?> type;
      try {
        type = Class.forName(name, false, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        throw new IllegalStateException(
            name + " is in " + module.classes() + " but not on the test class path", e);
      }
      if (!isVisible(type)) {
        continue;
      }
      String owner = type.getName();
      lines.add(owner + " :: " + header(type));
      for (Constructor<?> c : type.getDeclaredConstructors()) {
        if (isVisible(c.getModifiers()) && !c.isSynthetic()) {
          lines.add(owner + " :: " + executable(c, "<init>", null));
        }
      }
      for (Method m : type.getDeclaredMethods()) {
        if (isVisible(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) {
          lines.add(owner + " :: " + executable(m, m.getName(), m));
        }
      }
      for (Field f : type.getDeclaredFields()) {
        if (isVisible(f.getModifiers()) && !f.isSynthetic()) {
          lines.add(
              owner
                  + " :: "
                  + modifiers(f.getModifiers() & Modifier.fieldModifiers())
                  + f.getGenericType().getTypeName()
                  + " "
                  + f.getName());
        }
      }
    }
    return new ArrayList<>(lines);
  }

  /** A type a consumer can name: public or protected, and so is every type around it. */
  private static boolean isVisible(Class<?> type) {
    if (type.isSynthetic() || type.isAnonymousClass() || type.isLocalClass()) {
      return false;
    }
    for (Class<?> t = type; t != null; t = t.getDeclaringClass()) {
      if (!isVisible(t.getModifiers())) {
        return false;
      }
    }
    return true;
  }

  private static boolean isVisible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  private static String header(Class<?> type) {
    StringBuilder s = new StringBuilder();
    int mods = type.getModifiers() & Modifier.classModifiers();
    String kind;
    if (type.isAnnotation()) {
      kind = "@interface";
      mods &= ~(Modifier.ABSTRACT | Modifier.INTERFACE);
    } else if (type.isInterface()) {
      kind = "interface";
      mods &= ~(Modifier.ABSTRACT | Modifier.INTERFACE);
    } else if (type.isEnum()) {
      kind = "enum";
      mods &= ~(Modifier.FINAL | Modifier.ABSTRACT);
    } else if (type.isRecord()) {
      kind = "record";
      mods &= ~Modifier.FINAL;
    } else {
      kind = "class";
    }
    s.append(modifiers(mods)).append(kind).append(' ').append(type.getName());
    s.append(typeParameters(type.getTypeParameters()));
    Type superclass = type.getGenericSuperclass();
    if (superclass != null
        && superclass != Object.class
        && !type.isEnum()
        && !type.isRecord()
        && !type.isInterface()) {
      s.append(" extends ").append(superclass.getTypeName());
    }
    Type[] interfaces = type.getGenericInterfaces();
    if (interfaces.length > 0) {
      s.append(type.isInterface() ? " extends " : " implements ");
      s.append(
          Arrays.stream(interfaces)
              .map(Type::getTypeName)
              .sorted()
              .collect(Collectors.joining(", ")));
    }
    return s.toString();
  }

  private static String executable(Executable e, String name, Method method) {
    StringBuilder s = new StringBuilder();
    int mods = e.getModifiers() & Modifier.methodModifiers();
    if (e.getDeclaringClass().isInterface()) {
      mods &= ~Modifier.ABSTRACT;
    }
    s.append(modifiers(mods));
    if (method != null && method.isDefault()) {
      s.append("default ");
    }
    String typeParameters = typeParameters(e.getTypeParameters());
    if (!typeParameters.isEmpty()) {
      s.append(typeParameters).append(' ');
    }
    if (method != null) {
      s.append(method.getGenericReturnType().getTypeName()).append(' ');
    }
    s.append(name).append('(');
    Type[] params = e.getGenericParameterTypes();
    if (params.length != e.getParameterCount()) {
      // Inner-class and enum constructors: generic info leaves out the implicit parameters.
      params = e.getParameterTypes();
    }
    for (int i = 0; i < params.length; i++) {
      if (i > 0) {
        s.append(", ");
      }
      String t = params[i].getTypeName();
      if (e.isVarArgs() && i == params.length - 1 && t.endsWith("[]")) {
        t = t.substring(0, t.length() - 2) + "...";
      }
      s.append(t);
    }
    s.append(')');
    Type[] thrown = e.getGenericExceptionTypes();
    if (thrown.length > 0) {
      s.append(" throws ")
          .append(
              Arrays.stream(thrown)
                  .map(Type::getTypeName)
                  .sorted()
                  .collect(Collectors.joining(", ")));
    }
    return s.toString();
  }

  private static String typeParameters(TypeVariable<?>[] variables) {
    if (variables.length == 0) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    for (TypeVariable<?> v : variables) {
      Type[] bounds = v.getBounds();
      if (bounds.length == 1 && bounds[0] == Object.class) {
        parts.add(v.getName());
      } else {
        parts.add(
            v.getName()
                + " extends "
                + Arrays.stream(bounds).map(Type::getTypeName).collect(Collectors.joining(" & ")));
      }
    }
    return "<" + String.join(", ", parts) + ">";
  }

  private static String modifiers(int mods) {
    String s = Modifier.toString(mods);
    return s.isEmpty() ? "" : s + " ";
  }
}
