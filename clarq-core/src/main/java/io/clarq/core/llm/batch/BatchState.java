package io.clarq.core.llm.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a {@link BatchClient} has sent and received, kept in one JSON file rewritten whole at each change
 * ({@link AtomicFiles}): the open batch (its id and entries) until its outcomes are read, every batch sent so far,
 * the answers by custom id, and the entries that failed with their attempts and the provider's last reason. A
 * command killed between polls finds the open batch here and polls it again instead of sending a second one.
 */
final class BatchState {
  static final String FORMAT = "clarq-batch/1";

  /** An entry that failed: how many times, and the provider's last reason. */
  record Failure(int attempts, String reason) {}

  /** A batch sent: its id, entries, the provider's last word on it, when it was sent. */
  record Sent(String id, int entries, String state, String submitted) {}

  private final Path file;
  private final String protocol;
  private final String model;
  private Optional<String> open = Optional.empty();
  private final List<String> openEntries = new ArrayList<>();
  private final List<Sent> sent = new ArrayList<>();
  private final Map<String, String> answers = new LinkedHashMap<>();
  private final Map<String, Failure> failures = new LinkedHashMap<>();

  private BatchState(Path file, String protocol, String model) {
    this.file = file;
    this.protocol = protocol;
    this.model = model;
  }

  /**
   * The state in {@code file}, or a new one when there is none.
   *
   * @throws IllegalArgumentException naming the file when it is not a batch state, or one of another API or model
   */
  static BatchState load(Path file, String protocol, String model) {
    BatchState s = new BatchState(file, protocol, model);
    if (!Files.exists(file)) {
      return s;
    }
    JsonNode root;
    try {
      root = BatchHttp.JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": not a batch state file (" + e.getMessage() + ")", e);
    }
    if (root == null || !FORMAT.equals(root.path("format").asText())) {
      throw new IllegalArgumentException(file + ": not a batch state file (format is not " + FORMAT + ")");
    }
    if (!root.path("protocol").asText().equals(protocol) || !root.path("model").asText().equals(model)) {
      throw new IllegalArgumentException(file + ": the batches of " + root.path("protocol").asText() + " model "
          + root.path("model").asText() + ", not of " + protocol + " model " + model + "; give another folder or"
          + " remove the file (its open batch, if any, is then not polled again)");
    }
    if (root.path("open").isTextual()) {
      s.open = Optional.of(root.path("open").asText());
      root.path("open_entries").forEach(e -> s.openEntries.add(e.asText()));
    }
    root.path("batches").forEach(b -> s.sent.add(new Sent(b.path("id").asText(), b.path("entries").asInt(),
        b.path("state").asText(), b.path("submitted").asText())));
    root.path("answers").fields().forEachRemaining(e -> s.answers.put(e.getKey(), e.getValue().asText()));
    root.path("failures").fields().forEachRemaining(e -> s.failures.put(e.getKey(),
        new Failure(e.getValue().path("attempts").asInt(), e.getValue().path("reason").asText())));
    return s;
  }

  Path file() {
    return file;
  }

  Optional<String> open() {
    return open;
  }

  List<String> openEntries() {
    return List.copyOf(openEntries);
  }

  List<Sent> sent() {
    return List.copyOf(sent);
  }

  Optional<String> answer(String id) {
    return Optional.ofNullable(answers.get(id));
  }

  Optional<Failure> failure(String id) {
    return Optional.ofNullable(failures.get(id));
  }

  int answered() {
    return answers.size();
  }

  /** Records a batch just created, before anything else can happen to it. */
  void opened(String id, List<String> entries) {
    open = Optional.of(id);
    openEntries.clear();
    openEntries.addAll(entries);
    sent.add(new Sent(id, entries.size(), "submitted", Instant.now().toString()));
    save();
  }

  /** Records the outcomes of the open batch, which is then closed. */
  void closed(String state, Map<String, String> answered, Map<String, String> failed) {
    answers.putAll(answered);
    failed.forEach((id, reason) -> failures.merge(id, new Failure(1, reason),
        (a, b) -> new Failure(a.attempts() + 1, b.reason())));
    answered.keySet().forEach(failures::remove);
    String id = open.orElseThrow();
    for (int i = 0; i < sent.size(); i++) {
      if (sent.get(i).id().equals(id)) {
        sent.set(i, new Sent(id, sent.get(i).entries(), state, sent.get(i).submitted()));
      }
    }
    open = Optional.empty();
    openEntries.clear();
    save();
  }

  private void save() {
    ObjectNode root = BatchHttp.JSON.createObjectNode().put("format", FORMAT).put("protocol", protocol)
        .put("model", model);
    if (open.isPresent()) {
      root.put("open", open.get());
      ArrayNode e = root.putArray("open_entries");
      openEntries.forEach(e::add);
    } else {
      root.putNull("open");
    }
    ArrayNode batches = root.putArray("batches");
    sent.forEach(b -> batches.addObject().put("id", b.id()).put("entries", b.entries()).put("state", b.state())
        .put("submitted", b.submitted()));
    ObjectNode a = root.putObject("answers");
    answers.forEach(a::put);
    ObjectNode f = root.putObject("failures");
    failures.forEach((id, x) -> f.putObject(id).put("attempts", x.attempts()).put("reason", x.reason()));
    try {
      AtomicFiles.write(file, BatchHttp.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n");
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new UncheckedIOException("cannot write the batch state " + file, e);
    }
  }
}
