package io.clarq.datasets.clarqllm;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/** Writes small, valid ClarQ-LLM task directories for tests, with a hook to break one task. */
final class TaskFiles {
  static final ObjectMapper JSON = new ObjectMapper();

  private TaskFiles() {}

  static ObjectNode task(int type) {
    ObjectNode t = JSON.createObjectNode();
    t.put("all_response", "Jax: Go to the mine.\nJax: Use the shovel.\nJax: The mine is north.\n0\n1\n1.1");
    t.set("background_splitted", JSON.valueToTree(List.of("miner", "dig gold", "A shovel", "", "North Mine")));
    t.put("background", "You are a miner.");
    if (type <= 26) {
      t.set("all_response_exaplain", JSON.valueToTree(List.of("which tool", "which mine")));
    }
    return t;
  }

  static ObjectNode placeholder() {
    ObjectNode t = JSON.createObjectNode();
    t.put("all_response", "");
    t.set("background_splitted", JSON.createArrayNode());
    t.put("background", "");
    return t;
  }

  /** A language folder with 31 files; {@code edit} may change the file of type 3 (objects 0-19). */
  static Path writeLanguage(Path dir, Consumer<ArrayNode> editType3) throws IOException {
    Files.createDirectories(dir);
    for (int type = 1; type <= 31; type++) {
      ArrayNode objects = JSON.createArrayNode();
      for (int i = 0; i < 10; i++) {
        objects.add(task(type));
      }
      for (int i = 10; i < 20; i++) {
        objects.add(placeholder());
      }
      if (type == 3) {
        editType3.accept(objects);
      }
      JSON.writeValue(dir.resolve(type + "._Type_" + type + ".json").toFile(), objects);
    }
    return dir;
  }
}
