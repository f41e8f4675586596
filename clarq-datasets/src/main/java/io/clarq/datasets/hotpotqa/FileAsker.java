package io.clarq.datasets.hotpotqa;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.flm.IncompleteTask;
import io.clarq.core.toa.Asker;
import io.clarq.datasets.jsonl.JsonLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * An asker whose questions were written beforehand (by people, or by a model run elsewhere), read from a JSON Lines
 * file of {@code {"id": "<FLM example id>", "question": "..."}}. Asking for an example the file does not hold is an
 * error naming the file and the id.
 */
public final class FileAsker implements Asker {
  private final Path file;
  private final Map<String, String> questions;

  private FileAsker(Path file, Map<String, String> questions) {
    this.file = file;
    this.questions = Map.copyOf(questions);
  }

  /** Reads the file; errors name the file and line (bad JSON, missing field, repeated id). */
  public static FileAsker read(Path file) throws IOException {
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
    return new FileAsker(file, questions);
  }

  @Override
  public String ask(IncompleteTask task) {
    String q = questions.get(task.exampleId());
    if (q == null) {
      throw new IllegalArgumentException("question file " + file + " has no question for example " + task.exampleId());
    }
    return q;
  }

  /** How many questions the file holds. */
  public int size() {
    return questions.size();
  }

  @Override
  public String describe() {
    return "file:" + file.getFileName();
  }
}
