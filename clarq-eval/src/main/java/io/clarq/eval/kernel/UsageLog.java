package io.clarq.eval.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.AtomicFiles;
import io.clarq.datasets.clarqllm.transcript.LineAppender;
import io.clarq.datasets.jsonl.JsonLines;
import io.clarq.eval.kernel.ItemUsage.RoleTokens;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Each played item's model usage by role ({@link ItemUsage}), kept in {@value #FILE} in the output directory, one
 * line per item ({@code {"item": KEY, "usage": {ROLE: {calls, input_tokens, output_tokens, cached_input_tokens,
 * cache_write_tokens}}}}) appended as the item's record is. As ClarQ-LLM counts the turns of its dialogues, a run's
 * usage is that of the records it ends with: a resumed run adds what this session played to what the records it kept
 * used, an item played again (a failed one) counts its last play, and a merge joins the shards' lines. Items that
 * used no model write no line, so a run without a model role writes no file.
 */
public final class UsageLog implements AutoCloseable {
  /** The file's name in the output directory. */
  public static final String FILE = "item-usage.jsonl";

  private final Path file;
  private final Map<String, Map<String, RoleTokens>> byItem;
  private LineAppender appender;

  private UsageLog(Path file, Map<String, Map<String, RoleTokens>> byItem) {
    this.file = file;
    this.byItem = byItem;
  }

  /** The log of {@code outputDir}, keeping what it holds for {@code kept} (the records a resume keeps). */
  static UsageLog open(Path outputDir, Collection<String> kept) {
    Map<String, Map<String, RoleTokens>> read = read(outputDir);
    read.keySet().retainAll(kept);
    return new UsageLog(outputDir.resolve(FILE), new java.util.concurrent.ConcurrentHashMap<>(read));
  }

  /** Records what {@code item}'s play used (nothing when it used no model). Thread-safe. */
  synchronized void add(String item, Map<String, RoleTokens> usage) {
    if (usage.isEmpty()) {
      return;
    }
    if (appender == null) {
      appender = LineAppender.open(file);
    }
    appender.append(line(item, usage));
    byItem.put(item, usage);
  }

  /** Rewrites the file with the lines of {@code items} alone, in their order; no file when none used a model. */
  synchronized void rewrite(Collection<String> items) {
    close();
    write(file, byItem, items);
  }

  @Override
  public synchronized void close() {
    if (appender != null) {
      appender.close();
      appender = null;
    }
  }

  /** Joins the shards' usage into {@code out}'s file, for the items of the merge in their order. */
  static void merge(Collection<Path> shards, Path out, Collection<String> items) {
    Map<String, Map<String, RoleTokens>> all = new LinkedHashMap<>();
    shards.forEach(dir -> all.putAll(read(dir)));
    write(out.resolve(FILE), all, items);
  }

  private static void write(Path file, Map<String, Map<String, RoleTokens>> byItem, Collection<String> items) {
    StringBuilder sb = new StringBuilder();
    for (String item : items) {
      Map<String, RoleTokens> u = byItem.get(item);
      if (u != null) {
        sb.append(line(item, u)).append('\n');
      }
    }
    try {
      if (sb.length() == 0) {
        Files.deleteIfExists(file);
      } else {
        AtomicFiles.write(file, sb.toString());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + AtomicFiles.describe(e), e);
    }
  }

  /**
   * What each item recorded in {@code outputDir}'s file, by item in file order (the last line of an item counts);
   * empty when there is no file. A torn last line (a killed run) is left out.
   *
   * @throws IllegalArgumentException naming the file and line that is not a usage line
   */
  public static Map<String, Map<String, RoleTokens>> read(Path outputDir) {
    Path file = outputDir.resolve(FILE);
    Map<String, Map<String, RoleTokens>> out = new LinkedHashMap<>();
    if (!Files.exists(file)) {
      return out;
    }
    JsonLines.read(file, UsageLog::parse).items().forEach(n -> {
      out.remove(n.item().getKey());
      out.put(n.item().getKey(), n.item().getValue());
    });
    return out;
  }

  /**
   * The usage of the run in {@code outputDir} by role, summed over the items {@code items} (those its records are
   * of): each role of {@code roles} appears, with zeros when it made no call. Empty of other roles.
   */
  public static Map<String, RoleTokens> total(Path outputDir, Collection<String> items, Collection<String> roles) {
    Map<String, Map<String, RoleTokens>> byItem = read(outputDir);
    Map<String, RoleTokens> sum = new LinkedHashMap<>();
    roles.forEach(r -> sum.put(r, RoleTokens.ZERO));
    for (String item : items) {
      byItem.getOrDefault(item, Map.of()).forEach((role, t) -> sum.merge(role, t, RoleTokens::plus));
    }
    return sum;
  }

  /**
   * Writes {@code usage} as the results' {@code usage} object: per role {@code calls}, {@code input_tokens},
   * {@code output_tokens}, {@code cached_input_tokens}, {@code cache_write_tokens}, as ClarQ-LLM's results give them.
   */
  public static void json(Map<String, RoleTokens> usage, ObjectNode o) {
    new TreeMap<>(usage).forEach((role, t) -> o.putObject(role).put("calls", t.calls())
        .put("input_tokens", t.inputTokens()).put("output_tokens", t.outputTokens())
        .put("cached_input_tokens", t.cachedInputTokens()).put("cache_write_tokens", t.cacheWriteTokens()));
  }

  private static String line(String item, Map<String, RoleTokens> usage) {
    ObjectNode o = JsonNodeFactory.instance.objectNode().put("item", item);
    json(usage, o.putObject("usage"));
    return o.toString();
  }

  private static Map.Entry<String, Map<String, RoleTokens>> parse(String line, String where) {
    JsonNode n = JsonLines.object(line, where, "an item's usage");
    if (!n.path("item").isTextual() || !n.path("usage").isObject()) {
      throw new IllegalArgumentException(where + ": a usage line needs \"item\" (text) and \"usage\" (an object)");
    }
    Map<String, RoleTokens> roles = new LinkedHashMap<>();
    n.get("usage").fields().forEachRemaining(r -> {
      JsonNode u = r.getValue();
      try {
        roles.put(r.getKey(), new RoleTokens(u.path("calls").asLong(), u.path("input_tokens").asLong(),
            u.path("output_tokens").asLong(), u.path("cached_input_tokens").asLong(),
            u.path("cache_write_tokens").asLong()));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + ": role " + r.getKey() + ": " + e.getMessage(), e);
      }
    });
    return Map.entry(n.get("item").asText(), roles);
  }
}
