package io.clarq.eval.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A suite (docs/suite.md; docs/schemas/suite.schema.json): its name, what it is for, and its entries, each one run of
 * a benchmark with the models of every role but the asking agent's. Read with {@link #read}; clarq's default suite is
 * {@link #builtIn()}; {@link #rehearsal()} is any suite's model-free form.
 *
 * @param name the suite's name: letters, digits, '.', '-', '_'
 * @param description what the suite measures, in a sentence or two ("" when not given)
 * @param entries the runs, in the order they run; ids unique
 */
public record SuiteFile(String name, String description, List<SuiteEntry> entries) {
  /** The format a suite file may name in {@code format}, and that {@link #toJson()} writes. */
  public static final String FORMAT = "clarq-suite/1";

  /** The resource of the built-in default suite. */
  static final String BUILT_IN = "default-suite.json";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  /** Checks the name and that there is an entry and no id twice. */
  public SuiteFile {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    entries = List.copyOf(entries);
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("illegal suite name \"" + name + "\": letters, digits, '.', '-', '_' only,"
          + " starting with a letter or digit, at most 64 characters");
    }
    if (entries.isEmpty()) {
      throw new IllegalArgumentException("suite " + name + " has no entry");
    }
    Set<String> ids = new HashSet<>();
    for (SuiteEntry e : entries) {
      if (!ids.add(e.id())) {
        throw new IllegalArgumentException("suite " + name + ": entry id \"" + e.id() + "\" appears twice (each"
            + " entry names its own folder)");
      }
    }
  }

  /**
   * Reads a suite file; {@code data} paths are resolved against the file's folder.
   *
   * @throws IllegalArgumentException naming the file, the entry (its position and id) and what is wrong
   * @throws UncheckedIOException when the file cannot be read
   */
  public static SuiteFile read(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException("suite " + file + ": cannot read it: " + e.getMessage(), e);
    }
    Path base = file.toAbsolutePath().normalize().getParent();
    return parse(text, "suite " + file, base);
  }

  /**
   * clarq's default suite (a resource of clarq-eval): ClarQ-LLM test in English and in Chinese against the paper's
   * GPT-4o provider and judge; MediQ craft_md and the first 100 dev_good cases against the reference's FactSelect
   * patient on its default model; TOA on FLM examples masked from HotpotQA dev (seed 42) with the offline oracle and a
   * GPT-4o-mini primary model; question generation on ClariQ-FKw dev.
   */
  public static SuiteFile builtIn() {
    try (InputStream in = SuiteFile.class.getResourceAsStream(BUILT_IN)) {
      if (in == null) {
        throw new IllegalStateException("the built-in suite " + BUILT_IN + " is missing from the class path");
      }
      return parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8), "built-in suite "
          + BUILT_IN, null);
    } catch (IOException e) {
      throw new UncheckedIOException("built-in suite " + BUILT_IN + ": " + e.getMessage(), e);
    }
  }

  /**
   * Parses a suite from its JSON text.
   *
   * @param where how errors name the source ("suite runs/exp.json")
   * @param base the folder relative {@code data} paths resolve against; null when they may not be relative
   * @throws IllegalArgumentException starting with {@code where} and naming the entry and what is wrong
   */
  public static SuiteFile parse(String text, String where, Path base) {
    JsonNode root;
    try {
      root = JSON.readTree(text);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException(where + ": not JSON: " + io.clarq.core.files.JsonErrors.describe(e), e);
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException(where + ": expected a JSON object");
    }
    try {
      return SuiteJson.suite(root, base);
    } catch (SuiteJson.EntryException e) {
      throw new IllegalArgumentException(where + ", entry " + e.position() + e.id().map(i -> " (\"" + i + "\")")
          .orElse("") + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  /**
   * This suite's model-free form: every role played by its model-free counterpart ("offline"); an entry with a role
   * that has none (TOA's primary model) is left out, with the reason.
   *
   * @throws IllegalArgumentException when no entry is left
   */
  public Rehearsal rehearsal() {
    List<SuiteEntry> kept = new ArrayList<>();
    Map<String, String> leftOut = new LinkedHashMap<>();
    for (SuiteEntry e : entries) {
      e.offline().ifPresentOrElse(kept::add, () -> leftOut.put(e.id(), e.benchmark().id() + " has no model-free "
          + String.join(" or ", e.rolesWithoutOffline())));
    }
    if (kept.isEmpty()) {
      throw new IllegalArgumentException("suite " + name + ": no entry has a model-free form (" + leftOut + ")");
    }
    String what = description.isEmpty() ? "" : " " + description;
    return new Rehearsal(new SuiteFile(name, ("The model-free rehearsal of " + name + ": every role offline." + what)
        .strip(), kept), leftOut);
  }

  /**
   * A suite's model-free form.
   *
   * @param suite the entries that have one, their roles offline
   * @param leftOut the ids of the entries that have none, each with the reason
   */
  public record Rehearsal(SuiteFile suite, Map<String, String> leftOut) {
    /** Copies the map. */
    public Rehearsal {
      Objects.requireNonNull(suite, "suite");
      leftOut = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(leftOut));
    }
  }

  /** The entry with this id, if any. */
  public java.util.Optional<SuiteEntry> entry(String id) {
    return entries.stream().filter(e -> e.id().equals(id)).findFirst();
  }

  /** The suite as a suite file holds it (data paths as they are here, so absolute once resolved by {@link #read}). */
  public ObjectNode toJson() {
    ObjectNode o = JSON.createObjectNode();
    o.put("format", FORMAT).put("suite", name);
    if (!description.isEmpty()) {
      o.put("description", description);
    }
    ArrayNode list = o.putArray("entries");
    for (SuiteEntry e : entries) {
      list.add(SuiteJson.entry(e));
    }
    return o;
  }
}
