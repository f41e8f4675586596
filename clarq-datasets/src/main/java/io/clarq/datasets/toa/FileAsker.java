package io.clarq.datasets.toa;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.toa.Asker;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.flm.IncompleteTask;
import io.clarq.datasets.jsonl.JsonLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An asker whose questions were written beforehand (by people, or by a model run elsewhere), read from a JSON Lines
 * file of {@code {"id": "<FLM example id>", "question": "..."}}. The file is read against the examples of the run:
 * every example must have its question (else an error naming the file and the example, before anything runs), and
 * the asker then finds each question by the opaque id of the incomplete task it is shown
 * ({@link IncompleteTask#exampleId()}), never by the FLM id.
 */
public final class FileAsker implements Asker {
  private final Path file;
  private final Map<String, String> questions;

  private FileAsker(Path file, Map<String, String> questions) {
    this.file = file;
    this.questions = Map.copyOf(questions);
  }

  /**
   * Reads the file for the given examples; errors name the file and line (bad JSON, missing field, repeated id), or
   * the example that has no question.
   */
  public static FileAsker read(Path file, List<FlmExample> examples) throws IOException {
    Map<String, String> questions = new HashMap<>();
    JsonLines.forEach(file, o -> {
      JsonNode id = o.get("id");
      JsonNode q = o.get("question");
      if (id == null || !id.isTextual() || q == null || !q.isTextual()) {
        throw new IOException("expected {\"id\": \"...\", \"question\": \"...\"}");
      }
      if (questions.putIfAbsent(id.asText(), q.asText()) != null) {
        throw new IOException("id " + id.asText() + " appears twice");
      }
    });
    Map<String, String> byOpaqueId = new HashMap<>();
    Map<String, String> exampleOf = new HashMap<>();
    for (FlmExample e : examples) {
      String q = questions.get(e.id());
      if (q == null) {
        throw new IOException("question file " + file + " has no question for example " + e.id()
            + "; give one line {\"id\": \"" + e.id() + "\", \"question\": \"...\"} for every example of the run");
      }
      String opaque = e.incompleteTask().exampleId();
      String other = exampleOf.putIfAbsent(opaque, e.id());
      if (other != null && !byOpaqueId.get(opaque).equals(q)) {
        throw new IOException("question file " + file + ": examples " + other + " and " + e.id()
            + " show the asker the same question and context but have different questions");
      }
      byOpaqueId.put(opaque, q);
    }
    return new FileAsker(file, byOpaqueId);
  }

  @Override
  public String ask(IncompleteTask task) {
    String q = questions.get(task.exampleId());
    if (q == null) {
      throw new IllegalArgumentException("question file " + file + " has no question for the incomplete task "
          + task.exampleId() + " (it was read for other examples)");
    }
    return q;
  }

  /** How many distinct incomplete tasks it has a question for. */
  public int size() {
    return questions.size();
  }

  @Override
  public String describe() {
    return "file:" + file.getFileName();
  }
}
