package io.clarq.eval.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a suite run records in its folder as {@value #FILE} (docs/schemas/suite-run.schema.json): the suite as it ran
 * (whole, resolved: data paths absolute, a rehearsal's roles offline), the asking agent's spec, whether it was the
 * model-free rehearsal, the shard, and the entries a rehearsal left out. Each entry's run is in the folder named by its
 * id beside the file, an ordinary run folder of its benchmark with its {@code results.json}.
 *
 * @param suite the suite as it ran
 * @param agent the asking agent's spec, as given
 * @param rehearsal whether every role was played offline
 * @param shard the shard every entry ran ("1/1" for all)
 * @param leftOut entries of the named suite a rehearsal left out, each with the reason
 */
public record SuiteRun(SuiteFile suite, String agent, boolean rehearsal, String shard, Map<String, String> leftOut) {
  /** The file's name in the suite's output folder. */
  public static final String FILE = "suite.json";

  /** The format the file names. */
  public static final String FORMAT = "clarq-suite-run/1";

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** Checks the fields. */
  public SuiteRun {
    Objects.requireNonNull(suite, "suite");
    Objects.requireNonNull(agent, "agent");
    Objects.requireNonNull(shard, "shard");
    if (agent.isBlank()) {
      throw new IllegalArgumentException("illegal agent spec: blank");
    }
    leftOut = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(leftOut));
  }

  /** The file's content. */
  public ObjectNode toJson() {
    ObjectNode o = JSON.createObjectNode();
    o.put("format", FORMAT).put("agent", agent).put("rehearsal", rehearsal).put("shard", shard);
    o.set("suite", suite.toJson());
    ObjectNode left = o.putObject("left_out");
    leftOut.forEach(left::put);
    return o;
  }

  /** Writes {@value #FILE} into {@code folder} (created when missing), replacing it whole. */
  public void write(Path folder) {
    try {
      Files.createDirectories(folder);
      AtomicFiles.write(folder.resolve(FILE), JSON.writeValueAsString(toJson()) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + folder.resolve(FILE) + ": " + e.getMessage(), e);
    }
  }

  /**
   * The suite run recorded in {@code folder}, if it holds {@value #FILE}.
   *
   * @throws IllegalArgumentException naming the file and what is wrong in it
   */
  public static Optional<SuiteRun> read(Path folder) {
    Path file = folder.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    String where = "suite run " + file;
    JsonNode root;
    try {
      root = JSON.readTree(file.toFile());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException(where + ": not JSON: " + io.clarq.core.files.JsonErrors.describe(e), e);
    } catch (IOException e) {
      throw new UncheckedIOException(where + ": cannot read it: " + e.getMessage(), e);
    }
    if (root == null || !root.path("format").asText().equals(FORMAT) || !root.path("agent").isTextual()
        || !root.path("shard").isTextual() || !root.path("rehearsal").isBoolean() || !root.path("suite").isObject()) {
      throw new IllegalArgumentException(where + ": expected format " + FORMAT + " with agent, rehearsal, shard and"
          + " suite");
    }
    Map<String, String> left = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = root.path("left_out").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      left.put(f.getKey(), f.getValue().asText());
    }
    SuiteFile suite = SuiteFile.parse(root.get("suite").toString(), where + ", suite", null);
    return Optional.of(new SuiteRun(suite, root.get("agent").asText(), root.get("rehearsal").asBoolean(),
        root.get("shard").asText(), left));
  }

  /**
   * Why this run may not go on in a folder holding {@code recorded}: another suite, agent, rehearsal or shard; empty
   * when they agree.
   */
  public Optional<String> refusal(SuiteRun recorded) {
    if (!recorded.agent.equals(agent)) {
      return Optional.of("it ran the agent " + recorded.agent + ", not " + agent);
    }
    if (recorded.rehearsal != rehearsal) {
      return Optional.of(recorded.rehearsal ? "it is a rehearsal (--rehearsal)" : "it is not a rehearsal");
    }
    if (!recorded.shard.equals(shard)) {
      return Optional.of("it ran shard " + recorded.shard + ", not " + shard);
    }
    if (!recorded.suite.toJson().equals(suite.toJson())) {
      for (SuiteEntry e : suite.entries()) {
        Optional<SuiteEntry> r = recorded.suite.entry(e.id());
        if (r.isEmpty() || !r.get().equals(e)) {
          return Optional.of("its suite " + recorded.suite.name() + " differs in entry \"" + e.id() + "\"");
        }
      }
      return Optional.of("its suite " + recorded.suite.name() + " differs from " + suite.name());
    }
    return Optional.empty();
  }
}
