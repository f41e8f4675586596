package io.clarq.datasets.hotpotqa;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a JSON Lines file object by object; every error names the file and line. Blank lines are skipped. */
final class JsonLines {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Takes one line's JSON; its exceptions' messages are prefixed with the file and line. */
  @FunctionalInterface
  interface LineHandler {
    void accept(JsonNode node) throws IOException;
  }

  private JsonLines() {}

  static void read(Path file, LineHandler handler) throws IOException {
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      int lineNo = 0;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lineNo++;
        if (line.isBlank()) {
          continue;
        }
        try {
          handler.accept(MAPPER.readTree(line));
        } catch (JsonProcessingException e) {
          throw new IOException(file + ", line " + lineNo + ": not JSON: " + e.getOriginalMessage(), e);
        } catch (IOException | IllegalArgumentException | NullPointerException e) {
          throw new IOException(file + ", line " + lineNo + ": " + e.getMessage(), e);
        }
      }
    }
  }
}
