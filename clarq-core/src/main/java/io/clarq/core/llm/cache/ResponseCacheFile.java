package io.clarq.core.llm.cache;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.EndReason;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.TokenLogprob;
import io.clarq.core.llm.TokenUsage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An append-only JSONL file of cached replies, one record a line: {@code {"key", "request", "response"}}.
 *
 * <p>Crashes: each record is written with one write and, by default, forced to disk before {@link #put} returns. A
 * writer killed mid-record leaves a torn last line; readers skip it (logged, counted in {@link #skippedLines()}) and
 * the next writer starts a fresh line after it, so every finished record stays readable.
 *
 * <p>Concurrent writers: within a JVM, one lock per file; across processes, an exclusive {@link FileLock} around each
 * append. Before appending, and on a miss, a store reads what others appended since it last looked. When a key was
 * written twice (two runs raced on the same request), the first record wins, so replays never change; the one
 * exception is a record marked {@code "replaces": true} ({@link #replace}), written once for a key whose first reply
 * the reply policy refuses (a cut or refused reply recorded before the policy held for its client): the first such
 * record wins over the first one.
 *
 * <p>Each response holds its text, {@code finish_reason} (OpenAI's words), usage, log-probabilities, reasoning when
 * there was some, and {@code end_reason} ({@code kind}, {@code field}, {@code value}, {@code detail}: the protocol's
 * own end reason) when it says more than the finish reason; a record without one reads its end reason from
 * {@code finish_reason} ({@link EndReason#openAi}), so a line recorded with {@code "finish_reason": "length"} is
 * still known as cut.
 */
public final class ResponseCacheFile implements AutoCloseable {
  /** When appended records are forced to disk. */
  public enum Fsync {
    /** Each record before {@link #put} returns (the default; negligible next to a model call). */
    EVERY_RECORD,
    /** Left to the operating system: faster, but a machine crash may lose the last records (never corrupt others). */
    OS
  }

  private static final Logger LOG = LoggerFactory.getLogger(ResponseCacheFile.class);
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Map<Path, ReentrantLock> LOCKS = new ConcurrentHashMap<>();

  private final Path path;
  private final Fsync fsync;
  private final FileChannel channel;
  private final ReentrantLock lock;
  private final Map<String, ChatResponse> index = new ConcurrentHashMap<>();
  private final Map<String, List<Deviation>> deviations = new ConcurrentHashMap<>();
  private final java.util.Set<String> replaced = ConcurrentHashMap.newKeySet();
  private long readUpTo;
  private long linesRead;
  private int skipped;

  private ResponseCacheFile(Path path, Fsync fsync) throws IOException {
    this.path = path;
    this.fsync = fsync;
    this.lock = LOCKS.computeIfAbsent(path, p -> new ReentrantLock());
    Path parent = path.getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    this.channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
        StandardOpenOption.WRITE);
  }

  /**
   * Opens (creating if needed) the cache file and reads its records.
   *
   * @throws UncheckedIOException naming the file when it cannot be opened or read
   */
  public static ResponseCacheFile open(Path path, Fsync fsync) {
    Path p = path.toAbsolutePath().normalize();
    try {
      ResponseCacheFile f = new ResponseCacheFile(p, fsync);
      f.lock.lock();
      try {
        f.refresh();
      } finally {
        f.lock.unlock();
      }
      return f;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open LLM cache file " + p + ": " + e.getMessage(), e);
    }
  }

  /** Opens with {@link Fsync#EVERY_RECORD}. */
  public static ResponseCacheFile open(Path path) {
    return open(path, Fsync.EVERY_RECORD);
  }

  public Path path() {
    return path;
  }

  /** The recorded reply for {@code key}, looking at records other writers appended when it is not known yet. */
  public Optional<ChatResponse> get(String key) {
    ChatResponse r = index.get(key);
    if (r != null) {
      return Optional.of(r);
    }
    lock.lock();
    try {
      refresh();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read LLM cache file " + path + ": " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
    return Optional.ofNullable(index.get(key));
  }

  /** Appends a record; a key already recorded keeps its first reply. */
  public void put(String key, ObjectNode request, ChatResponse response) {
    put(key, request, response, List.of());
  }

  /**
   * The deviations from the reference protocol the reply of {@code key} was had under (none when it was recorded
   * without any, or is not recorded).
   */
  public List<Deviation> deviations(String key) {
    return deviations.getOrDefault(key, List.of());
  }

  /**
   * Appends a record with the deviations the client had made when the reply came ({@link LlmClient#deviations()});
   * a key already recorded keeps its first reply.
   */
  public void put(String key, ObjectNode request, ChatResponse response, List<Deviation> made) {
    append(key, request, response, made, false);
  }

  /**
   * Appends a record that replaces the first one of {@code key}, which the caller found unusable (the reply policy
   * refuses it); only the first replacement of a key is written and read.
   */
  public void replace(String key, ObjectNode request, ChatResponse response, List<Deviation> made) {
    append(key, request, response, made, true);
  }

  @SuppressWarnings("try") // the file lock is held for the block, never read
  private void append(String key, ObjectNode request, ChatResponse response, List<Deviation> made,
      boolean replaces) {
    ObjectNode rec = MAPPER.createObjectNode();
    rec.put("key", key);
    rec.set("request", request);
    rec.set("response", toJson(response));
    if (!made.isEmpty()) {
      Deviation.writeAll(made, rec.putArray("deviations"));
    }
    if (replaces) {
      rec.put("replaces", true);
    }
    byte[] line;
    try {
      line = (MAPPER.writeValueAsString(rec) + "\n").getBytes(StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot write a cache record", e);
    }
    lock.lock();
    try (FileLock ignored = channel.lock()) {
      refresh();
      if (replaces ? replaced.contains(key) : index.containsKey(key)) {
        return;
      }
      long size = channel.size();
      ByteBuffer buf;
      if (size > readUpTo) {
        // a torn record from a killed writer: end its line so ours starts clean
        buf = ByteBuffer.allocate(line.length + 1).put((byte) '\n').put(line).flip();
        skipped++;
        LOG.warn("{}: skipped a torn record at the end (a writer was killed mid-record?)", path);
      } else {
        buf = ByteBuffer.wrap(line);
      }
      long pos = size;
      while (buf.hasRemaining()) {
        pos += channel.write(buf, pos);
      }
      if (fsync == Fsync.EVERY_RECORD) {
        channel.force(false);
      }
      readUpTo = pos;
      linesRead++;
      if (!made.isEmpty()) {
        deviations.put(key, List.copyOf(made));
      } else if (replaces) {
        deviations.remove(key);
      }
      if (replaces) {
        replaced.add(key);
      }
      index.put(key, response);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to LLM cache file " + path + ": " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }

  /** Records known. */
  public int size() {
    return index.size();
  }

  /** Lines that were not records (torn by a crash, or edited by hand) and were skipped. */
  public int skippedLines() {
    return skipped;
  }

  @Override
  public void close() {
    // closing any descriptor of a file drops all of this process's locks on it (POSIX), so never while another
    // instance on the same file holds one
    lock.lock();
    try {
      channel.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close LLM cache file " + path + ": " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }

  // reads complete lines appended since the last look; an unfinished last line is left for later (or for a writer
  // to end, see put)
  private void refresh() throws IOException {
    long size = channel.size();
    if (size <= readUpTo) {
      return;
    }
    ByteBuffer buf = ByteBuffer.allocate(Math.toIntExact(size - readUpTo));
    long pos = readUpTo;
    while (buf.hasRemaining()) {
      int n = channel.read(buf, pos);
      if (n < 0) {
        break;
      }
      pos += n;
    }
    byte[] bytes = buf.array();
    int lineStart = 0;
    for (int i = 0; i < buf.position(); i++) {
      if (bytes[i] == '\n') {
        readLine(new String(bytes, lineStart, i - lineStart, StandardCharsets.UTF_8));
        lineStart = i + 1;
      }
    }
    readUpTo += lineStart;
  }

  private void readLine(String line) {
    linesRead++;
    if (line.isBlank()) {
      return;
    }
    try {
      JsonNode rec = MAPPER.readTree(line);
      String key = rec.path("key").asText("");
      if (key.isEmpty() || !rec.path("response").isObject()) {
        throw new IOException("no key or response");
      }
      ChatResponse response = fromJson(rec.path("response"));
      List<Deviation> made = List.copyOf(Deviation.readAll(rec.path("deviations")));
      boolean taken;
      if (rec.path("replaces").asBoolean(false)) {
        taken = replaced.add(key);
        if (taken) {
          index.put(key, response);
        }
      } else {
        taken = index.putIfAbsent(key, response) == null;
      }
      if (taken) {
        if (made.isEmpty()) {
          deviations.remove(key);
        } else {
          deviations.put(key, made);
        }
      }
    } catch (IOException | IllegalArgumentException | NullPointerException e) {
      skipped++;
      LOG.warn("{}: line {} is not a cache record ({}), skipped", path, linesRead, e.getMessage());
    }
  }

  static ObjectNode toJson(ChatResponse r) {
    ObjectNode n = MAPPER.createObjectNode();
    n.put("text", r.text());
    n.put("finish_reason", r.finishReason());
    ObjectNode usage = n.putObject("usage").put("prompt_tokens", r.usage().promptTokens())
        .put("completion_tokens", r.usage().completionTokens());
    // written only when there is some, so records of replies without reasoning read as they always did
    if (r.usage().reasoningTokens() > 0) {
      usage.put("reasoning_tokens", r.usage().reasoningTokens());
    }
    if (r.usage().cachedInputTokens() > 0) {
      usage.put("cached_input_tokens", r.usage().cachedInputTokens());
    }
    if (r.usage().cacheWriteTokens() > 0) {
      usage.put("cache_write_tokens", r.usage().cacheWriteTokens());
    }
    ArrayNode lp = n.putArray("logprobs");
    for (TokenLogprob t : r.logprobs()) {
      ObjectNode tn = lp.addObject().put("token", t.token()).put("logprob", t.logprob());
      ArrayNode top = tn.putArray("top");
      t.top().forEach(a -> top.addObject().put("token", a.token()).put("logprob", a.logprob()));
    }
    if (!r.reasoning().isEmpty()) {
      n.put("reasoning", r.reasoning());
    }
    // written only when it says more than finish_reason, so records of OpenAI replies read as they always did
    EndReason end = r.endReason();
    if (!end.equals(EndReason.openAi(r.finishReason()))) {
      n.putObject("end_reason").put("kind", end.kind().name()).put("field", end.field()).put("value", end.value())
          .put("detail", end.detail());
    }
    return n;
  }

  static ChatResponse fromJson(JsonNode n) {
    if (!n.path("text").isTextual()) {
      throw new IllegalArgumentException("response has no text");
    }
    List<TokenLogprob> lps = new ArrayList<>();
    for (JsonNode t : n.path("logprobs")) {
      List<TokenLogprob.Alternative> top = new ArrayList<>();
      t.path("top").forEach(a -> top.add(new TokenLogprob.Alternative(a.path("token").asText(),
          a.path("logprob").asDouble())));
      lps.add(new TokenLogprob(t.path("token").asText(), t.path("logprob").asDouble(), top));
    }
    JsonNode u = n.path("usage");
    String finish = n.path("finish_reason").asText("");
    JsonNode e = n.path("end_reason");
    EndReason end = e.isObject()
        ? new EndReason(EndReason.Kind.valueOf(e.path("kind").asText()), e.path("field").asText(""),
            e.path("value").asText(""), e.path("detail").asText(""))
        : EndReason.openAi(finish);
    return new ChatResponse(n.path("text").asText(), finish,
        new TokenUsage(u.path("prompt_tokens").asLong(0), u.path("completion_tokens").asLong(0),
            u.path("reasoning_tokens").asLong(0)).withCache(u.path("cached_input_tokens").asLong(0),
            u.path("cache_write_tokens").asLong(0)), Duration.ZERO, lps, n.path("reasoning").asText(""), end);
  }
}
