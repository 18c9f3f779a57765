package io.shardrouter.lookup;

import io.shardrouter.core.FlatMembers;
import io.shardrouter.core.InvalidKeyException;
import io.shardrouter.core.KeyType;
import io.shardrouter.core.PartitionStrategy;
import io.shardrouter.core.RoutingTable;
import io.shardrouter.core.Spec;
import io.shardrouter.core.StrategyFactory;
import io.shardrouter.core.StrategyParameters;
import io.shardrouter.core.Violations;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The {@link StrategyFactory} of {@code lookup}, registered through {@code META-INF/services}:
 * reads {@code match}, {@code partitions}, {@code fallback} and {@code entries} (an object of key
 * text → partition or entry object, or an array of {@code [key, partition or entry]} pairs) and
 * reports every problem with its path, e.g. {@code strategy.entries.acme.partition}.
 *
 * <p><b>Thread-safety:</b> stateless.
 *
 * <p><b>Stability:</b> stable.
 *
 * @since 0.1
 */
public final class LookupStrategyFactory implements StrategyFactory {
  private static final Set<String> PARAMETERS =
      Set.of(
          LookupStrategy.MATCH,
          LookupStrategy.PARTITIONS,
          LookupStrategy.FALLBACK,
          LookupStrategy.ENTRIES);
  private static final Set<String> ENTRY_FIELDS =
      Set.of("partition", "first_partition", "strategy", "dedicated", "pin");
  private static final int MAX_REPORTED = 100;

  @Override
  public String type() {
    return LookupStrategy.TYPE;
  }

  @Override
  public Set<String> parameterNames() {
    return PARAMETERS;
  }

  /** {@code entries}: the directory, which may hold tens of millions of keys. */
  @Override
  public Set<String> bulkParameters() {
    return Set.of("entries");
  }

  @Override
  public PartitionStrategy create(StrategyParameters params) {
    KeyType keyType = params.keyType();
    if (keyType == null) {
      params.violation(
          LookupStrategy.ENTRIES,
          "cannot be read without the entity's key type: read the strategy as part of a routing"
              + " document, or build it with StrategyRegistry.create(spec, keyType)");
      throw params.refusal();
    }
    String matchName =
        params.optionalString(LookupStrategy.MATCH, LookupStrategy.MatchMode.KEY.documentName());
    LookupStrategy.MatchMode match = LookupStrategy.MatchMode.fromDocumentName(matchName);
    if (match == null) {
      params.violation(
          LookupStrategy.MATCH, "must be \"key\" or \"first_part\", got '" + matchName + "'");
      throw params.refusal();
    }
    LookupStrategyBuilder b = LookupStrategy.builder(keyType).match(match);
    if (match == LookupStrategy.MatchMode.FIRST_PART
        && (!keyType.isComposite() || keyType.parts().size() < 2)) {
      params.violation(
          LookupStrategy.MATCH,
          "\"first_part\" needs a composite key of at least two parts, such as (tenant, device);"
              + " the key is "
              + keyType
              + ": use \"match\": \"key\" or a composite key");
      throw params.refusal();
    }
    PartitionStrategy fallback =
        params.nestedStrategy(LookupStrategy.FALLBACK, b.directoryKeyType());
    if (params.has(LookupStrategy.PARTITIONS)) {
      b.partitions(params.requiredInt(LookupStrategy.PARTITIONS, 1, RoutingTable.MAX_PARTITIONS));
    }
    Spec entries = params.get(LookupStrategy.ENTRIES);
    Reader reader = new Reader(params, b, keyType);
    FlatMembers flat = entries != null && entries.isObject() ? entries.flatMembers() : null;
    if (entries == null) {
      // no entries: every key goes to the fallback
    } else if (flat != null) {
      reader.flat(flat);
      b.paths(i -> KeyTexts.entryPath(entries.fieldNameAt(i)));
    } else if (entries.isObject()) {
      // Walked once: a directory read from a document is read from its bytes as it is walked.
      Iterator<Map.Entry<String, Spec>> it = entries.fields().entrySet().iterator();
      for (int i = 0; it.hasNext() && reader.reported < MAX_REPORTED; i++) {
        Map.Entry<String, Spec> e;
        try {
          e = it.next();
        } catch (IllegalArgumentException unreadable) {
          reader.at(entries.fieldNameAt(i), -1);
          reader.violation(
              reader.path(),
              Objects.requireNonNullElse(unreadable.getMessage(), unreadable.toString()));
          continue;
        }
        reader.at(e.getKey(), -1);
        reader.entry(e.getKey(), e.getValue());
      }
      b.paths(i -> KeyTexts.entryPath(entries.fieldNameAt(i)));
    } else if (entries.isArray()) {
      List<Spec> pairs = entries.elements();
      for (int i = 0; i < pairs.size() && reader.reported < MAX_REPORTED; i++) {
        reader.at(null, i);
        Spec pair;
        try {
          pair = pairs.get(i);
        } catch (IllegalArgumentException unreadable) {
          reader.violation(
              reader.path(),
              Objects.requireNonNullElse(unreadable.getMessage(), unreadable.toString()));
          continue;
        }
        reader.pair(pair);
      }
      b.paths(i -> "entries[" + i + "]");
    } else {
      params.violation(
          LookupStrategy.ENTRIES,
          "must be an object {\"key\": partition or entry, ...} or an array of"
              + " [key, partition or entry] pairs, got "
              + jsonType(entries));
    }
    if (reader.reported >= MAX_REPORTED) {
      params.violation(
          LookupStrategy.ENTRIES,
          "stopped reading after " + MAX_REPORTED + " problems; fix these and read again");
    }
    if (fallback == null || params.hasViolations()) {
      throw params.refusal();
    }
    LookupStrategy s = b.fallback(fallback).build(params::violation);
    if (s == null) {
      throw params.refusal();
    }
    return s;
  }

  /** The JSON type of a value, as messages name it: {@code string}, {@code number}, ... */
  private static String jsonType(Spec value) {
    return switch (value.kind()) {
      case TEXT -> "string";
      case INTEGER, DECIMAL -> "number";
      default -> value.kind().name().toLowerCase(java.util.Locale.ROOT);
    };
  }

  /** Reads entries into the builder, reporting problems at their paths. */
  private static final class Reader {
    final StrategyParameters params;
    final LookupStrategyBuilder builder;
    final KeyType keyType;
    final KeyType directoryType;
    int reported;
    private @Nullable String name; // the entry's field name (object form), or null
    private int index; // the entry's index (array form)

    Reader(StrategyParameters params, LookupStrategyBuilder builder, KeyType keyType) {
      this.params = params;
      this.builder = builder;
      this.keyType = keyType;
      this.directoryType = builder.directoryKeyType();
    }

    void violation(String path, String message) {
      reported++;
      params.violation(path, message);
    }

    /**
     * Where the next entry is: its field name, or its array index; its path is only built for a
     * message.
     */
    void at(@Nullable String fieldName, int arrayIndex) {
      this.name = fieldName;
      this.index = arrayIndex;
    }

    String path() {
      return name != null ? KeyTexts.entryPath(name) : "entries[" + index + "]";
    }

    /**
     * The entries of a flat document object (key text → partition number), read straight from the
     * document's bytes: the text of a {@code string} key is its canonical bytes, so such keys are
     * added without a string or a copy of each; other keys, and partitions out of range, go the way
     * of {@link #entry}, which reports them.
     */
    void flat(FlatMembers entries) {
      boolean raw = !directoryType.isComposite() && directoryType.kind() == KeyType.Kind.STRING;
      if (raw) {
        builder.expect(entries.size(), entries.nameBytes());
      }
      entries.forEach(
          (json, off, len, value) -> {
            if (reported >= MAX_REPORTED) {
              return;
            }
            if (raw && value < RoutingTable.MAX_PARTITIONS) {
              builder.entry(json, off, len, (int) value);
              return;
            }
            String text = new String(json, off, len, StandardCharsets.US_ASCII);
            at(text, -1);
            entry(text, Spec.of(value));
          });
    }

    /**
     * An array element: {@code [key, value]}, the key in the JSON type its key type takes ({@link
     * #keyText}).
     */
    void pair(Spec pair) {
      if (!pair.isArray() || pair.size() != 2) {
        violation(path(), "must be a [key, partition or entry] pair, got " + pair);
        return;
      }
      Spec k = pair.elements().get(0);
      String text = keyText(k);
      if (text == null) {
        violation(path() + "[0]", "must be " + keyForm() + ", got " + jsonType(k) + " " + k);
        return;
      }
      entry(text, pair.elements().get(1));
    }

    /**
     * The key text of an array-form key, or null when its JSON type is not one the directory's key
     * type takes: a string for every type (its key text, as in the object form); also an integer
     * for {@code long} and {@code int}; also an array of the parts for a composite.
     */
    private @Nullable String keyText(Spec k) {
      if (k.isText()) {
        return k.text();
      }
      if (directoryType.isComposite()) {
        return k.isArray() ? k.toString() : null;
      }
      KeyType.Kind kind = directoryType.kind();
      boolean integral = kind == KeyType.Kind.LONG || kind == KeyType.Kind.INT;
      return integral && k.isIntegral() ? k.toString() : null;
    }

    /** What {@link #keyText} takes, for a message. */
    private String keyForm() {
      if (directoryType.isComposite()) {
        return "a key of type "
            + directoryType
            + ": a JSON array of its parts, or a string holding that array's JSON text";
      }
      KeyType.Kind kind = directoryType.kind();
      return kind == KeyType.Kind.LONG || kind == KeyType.Kind.INT
          ? "a key of type " + directoryType + ": an integer, or a string holding its decimal text"
          : "a key of type " + directoryType + ": a string holding its key text";
    }

    void entry(String keyText, Spec value) {
      byte[] key;
      try {
        key = directoryType.parseText(keyText);
      } catch (InvalidKeyException e) {
        violation(
            path(),
            "is no key of the directory's key type " + directoryType + ": " + e.getMessage());
        return;
      }
      if (value.isIntegral()) {
        int p = partition(value);
        if (p >= 0) {
          builder.entry(key, p);
        }
        return;
      }
      if (!value.isObject()) {
        violation(
            path(),
            "must be a partition number or an entry object such as {\"partition\": 1024, \"dedicated\": true}, got "
                + value);
        return;
      }
      LookupEntry e = entryObject(path(), value);
      if (e != null) {
        builder.entry(key, e);
      }
    }

    private int partition(Spec value) {
      return partition(null, value);
    }

    private int partition(@Nullable String path, Spec value) {
      if (!value.isIntegral()
          || value.bigIntegerValue().bitLength() > 63
          || value.longValue() < 0
          || value.longValue() >= RoutingTable.MAX_PARTITIONS) {
        violation(
            path == null ? path() : path,
            "must be a partition number in [0, " + RoutingTable.MAX_PARTITIONS + "), got " + value);
        return -1;
      }
      return (int) value.longValue();
    }

    private @Nullable LookupEntry entryObject(String path, Spec o) {
      int before = reported;
      for (String n : o.fields().keySet()) {
        if (!ENTRY_FIELDS.contains(n)) {
          violation(
              Violations.member(path, n),
              "unknown field of a directory entry; known fields: " + new TreeSet<>(ENTRY_FIELDS));
        }
      }
      Spec partition = o.get("partition");
      Spec firstPartition = o.get("first_partition");
      Spec strategy = o.get("strategy");
      boolean one = partition != null;
      boolean split = firstPartition != null || strategy != null;
      if (one == split) {
        violation(
            path,
            "give either \"partition\", or \"first_partition\" with a nested \"strategy\" (a second-level split)");
        return null;
      }
      LookupEntry e = null;
      if (partition != null) {
        int p = partition(path + ".partition", partition);
        e = p >= 0 ? LookupEntry.partition(p) : null;
      } else if (firstPartition == null || strategy == null) {
        violation(
            path,
            "a split needs both \"first_partition\" and \"strategy\", got only "
                + (strategy != null ? "strategy" : "first_partition"));
      } else {
        int first = partition(path + ".first_partition", firstPartition);
        PartitionStrategy nested = params.nestedStrategyAt(path + ".strategy", strategy, keyType);
        if (nested == null) {
          reported++;
        } else if (first >= 0) {
          e = LookupEntry.split(first, nested);
        }
      }
      Spec dedicated = o.get("dedicated");
      if (dedicated != null && !dedicated.isBoolean()) {
        violation(path + ".dedicated", "must be true or false, got " + dedicated);
      } else if (e != null && dedicated != null && dedicated.booleanValue()) {
        e = e.dedicated();
      }
      Spec pin = o.get("pin");
      if (pin != null) {
        Map<String, String> labels = labels(path + ".pin", pin);
        if (e != null && labels != null) {
          e = e.pinned(labels);
        }
      }
      return reported == before ? e : null;
    }

    private @Nullable Map<String, String> labels(String path, Spec pin) {
      if (!pin.isObject() || pin.size() == 0) {
        violation(
            path,
            "must be an object of at least one label, e.g. {\"region\": \"eu-central-1\"}, got "
                + pin);
        return null;
      }
      Map<String, String> labels = new LinkedHashMap<>();
      for (Map.Entry<String, Spec> l : pin.fields().entrySet()) {
        if (l.getKey().isBlank() || !l.getValue().isText()) {
          violation(
              Violations.member(path, l.getKey()),
              "label names must be non-blank and values strings, got " + l.getValue());
          return null;
        }
        labels.put(l.getKey(), l.getValue().text());
      }
      return labels;
    }
  }
}
