package io.clarq.eval.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A suite file's JSON to {@link SuiteFile} and back: the fields, their types, nothing unknown. */
final class SuiteJson {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> SUITE_FIELDS = Set.of("format", "suite", "description", "entries");
  private static final Set<String> ENTRY_FIELDS = Set.of("id", "benchmark", "split", "language", "types",
      "sample_size", "seed", "trials", "roles", "data");

  private SuiteJson() {}

  /** An entry's problem, with its position (1-based) and id when it has one. */
  static final class EntryException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final int position;
    private final transient Optional<String> id;

    EntryException(int position, Optional<String> id, String message, Throwable cause) {
      super(message, cause);
      this.position = position;
      this.id = id;
    }

    int position() {
      return position;
    }

    Optional<String> id() {
      return id;
    }
  }

  static SuiteFile suite(JsonNode root, Path base) {
    unknown(root, SUITE_FIELDS, "");
    if (root.has("format") && !root.get("format").asText().equals(SuiteFile.FORMAT)) {
      throw new IllegalArgumentException("format \"" + root.get("format").asText() + "\": expected "
          + SuiteFile.FORMAT);
    }
    String name = text(root, "suite").orElseThrow(() -> new IllegalArgumentException("no \"suite\" (its name)"));
    JsonNode list = root.path("entries");
    if (!list.isArray()) {
      throw new IllegalArgumentException("no \"entries\" array");
    }
    List<SuiteEntry> entries = new ArrayList<>();
    int position = 0;
    for (JsonNode e : list) {
      position++;
      Optional<String> id = e.path("id").isTextual() ? Optional.of(e.get("id").asText()) : Optional.empty();
      try {
        entries.add(entry(e, base));
      } catch (IllegalArgumentException x) {
        String m = x.getMessage();
        String prefix = id.map(i -> "entry \"" + i + "\"").orElse("\0");
        if (m.startsWith(prefix)) {   // the record names the entry itself; the position says it once
          m = m.substring(m.indexOf(": ") + 2);
        }
        throw new EntryException(position, id, m, x);
      }
    }
    return new SuiteFile(name, text(root, "description").orElse(""), entries);
  }

  private static SuiteEntry entry(JsonNode e, Path base) {
    if (!e.isObject()) {
      throw new IllegalArgumentException("expected a JSON object");
    }
    unknown(e, ENTRY_FIELDS, "");
    String id = text(e, "id").orElseThrow(() -> new IllegalArgumentException("no \"id\""));
    SuiteBenchmark benchmark = SuiteBenchmark.parse(text(e, "benchmark").orElseThrow(
        () -> new IllegalArgumentException("no \"benchmark\"")));
    String split = text(e, "split").orElseThrow(() -> new IllegalArgumentException("no \"split\": give one of "
        + benchmark.splits()));
    Map<String, String> roles = new LinkedHashMap<>();
    JsonNode r = e.path("roles");
    if (!r.isMissingNode()) {
      if (!r.isObject()) {
        throw new IllegalArgumentException("\"roles\": expected an object of role to model spec");
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = r.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> f = it.next();
        if (!f.getValue().isTextual()) {
          throw new IllegalArgumentException("role \"" + f.getKey() + "\": expected a string (a model spec or"
              + " \"offline\")");
        }
        roles.put(f.getKey(), f.getValue().asText());
      }
    }
    Optional<Path> data = text(e, "data").map(d -> {
      Path p = Path.of(d);
      if (!p.isAbsolute() && base == null) {
        throw new IllegalArgumentException("data \"" + d + "\": must be absolute here");
      }
      return p.isAbsolute() ? p : base.resolve(p).normalize();
    });
    return new SuiteEntry(id, benchmark, split, text(e, "language"), text(e, "types"),
        integer(e, "sample_size").map(Math::toIntExact), integer(e, "seed"),
        integer(e, "trials").map(Math::toIntExact).orElse(1), roles, data);
  }

  static ObjectNode entry(SuiteEntry e) {
    ObjectNode o = JSON.createObjectNode();
    o.put("id", e.id()).put("benchmark", e.benchmark().id()).put("split", e.split());
    e.language().ifPresent(l -> o.put("language", l));
    e.types().ifPresent(t -> o.put("types", t));
    e.sampleSize().ifPresent(n -> o.put("sample_size", n));
    e.seed().ifPresent(s -> o.put("seed", s));
    o.put("trials", e.trials());
    ObjectNode roles = o.putObject("roles");
    e.roles().forEach(roles::put);
    e.data().ifPresent(d -> o.put("data", d.toString()));
    return o;
  }

  private static void unknown(JsonNode o, Set<String> known, String where) {
    for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!known.contains(f)) {
        throw new IllegalArgumentException(where + "unknown field \"" + f + "\"; known: "
            + known.stream().sorted().toList());
      }
    }
  }

  private static Optional<String> text(JsonNode o, String field) {
    JsonNode v = o.get(field);
    if (v == null || v.isNull()) {
      return Optional.empty();
    }
    if (!v.isTextual()) {
      throw new IllegalArgumentException("\"" + field + "\": expected a string, got " + v);
    }
    return Optional.of(v.asText());
  }

  private static Optional<Long> integer(JsonNode o, String field) {
    JsonNode v = o.get(field);
    if (v == null || v.isNull()) {
      return Optional.empty();
    }
    if (!v.isIntegralNumber() || !v.canConvertToInt() && !field.equals("seed")) {
      throw new IllegalArgumentException("\"" + field + "\": expected an integer, got " + v);
    }
    return Optional.of(v.asLong());
  }
}
