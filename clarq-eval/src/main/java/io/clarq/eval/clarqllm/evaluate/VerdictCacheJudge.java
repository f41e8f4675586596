package io.clarq.eval.clarqllm.evaluate;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.llm.LlmException;
import io.clarq.datasets.clarqllm.reference.ClarqLlmReference;
import io.clarq.datasets.clarqllm.verdict.VerdictFile;
import io.clarq.datasets.clarqllm.verdict.VerdictRecord;
import io.clarq.datasets.clarqllm.verdict.VerdictWriter;
import java.io.Closeable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A judge that replays recorded verdicts, keyed on (language, gold, purpose, generated lines) whatever the trial
 * (a verdict file holds no trials), and asks the judge behind it only on a miss, in the question's trial. New parsed verdicts from that judge are remembered and, when the cache has a file,
 * appended to it at once; unparsed ones are passed on but never cached, so a later run asks again.
 *
 * <pre>{@code
 * try (VerdictCacheJudge judge = VerdictCacheJudge.open(Path.of("judge-verdicts.jsonl"), liveJudge)) {
 *   ClarqMetrics.success(task, dialogue, judge);
 * }
 * }</pre>
 * With {@link Judge#none()} behind it, a miss stays unanswered and the dialogue is reported unjudged.
 */
public final class VerdictCacheJudge implements Judge, Closeable {
  private final Map<JudgeQuestion, Verdict> verdicts = new ConcurrentHashMap<>();
  private final Judge fallback;
  private final String source;
  private final Optional<VerdictWriter> writer;
  private final AtomicInteger hits = new AtomicInteger();
  private final AtomicInteger misses = new AtomicInteger();
  private final AtomicInteger appended = new AtomicInteger();

  private VerdictCacheJudge(String source, List<VerdictRecord> records, Judge fallback,
      Optional<VerdictWriter> writer) {
    this.source = source;
    this.fallback = Objects.requireNonNull(fallback, "fallback");
    this.writer = writer;
    records.forEach(r -> verdicts.putIfAbsent(r.question(), r.verdict()));
  }

  /**
   * A cache over a verdict file (created if missing) that appends the fallback's new verdicts to it.
   *
   * @throws IllegalArgumentException naming the file and line when the file is malformed
   */
  public static VerdictCacheJudge open(Path file, Judge fallback) {
    List<VerdictRecord> records = Files.exists(file) ? VerdictFile.read(file) : List.of();
    return new VerdictCacheJudge(source(file, records), records, fallback, Optional.of(VerdictWriter.open(file)));
  }

  /** A read-only cache over a verdict file: nothing is written, new verdicts are kept in memory only. */
  public static VerdictCacheJudge readOnly(Path file, Judge fallback) {
    List<VerdictRecord> records = VerdictFile.read(file);
    return new VerdictCacheJudge(source(file, records), records, fallback, Optional.empty());
  }

  // "verdicts FILE", labelled the paper's GPT-4o judge only when its verdicts have the paper's digest, and modified
  // when it is a derived verdict file whose verdicts do not
  private static String source(Path file, List<VerdictRecord> records) {
    return "verdicts " + file.getFileName() + ClarqLlmReference.verdictsLabel(file, records).map(l -> " (" + l + ")")
        .orElse("");
  }

  /** A cache over records in memory. */
  public static VerdictCacheJudge of(List<VerdictRecord> records, Judge fallback) {
    return new VerdictCacheJudge("recorded verdicts", records, fallback, Optional.empty());
  }

  /** The fixed seed of the judge behind the cache, which is asked on a miss. */
  @Override
  public java.util.OptionalLong fixedSeed() {
    return fallback.fixedSeed();
  }

  @Override
  public Optional<Verdict> judge(JudgeQuestion question) throws LlmException {
    JudgeQuestion key = question.inTrial(1);
    Verdict cached = verdicts.get(key);
    if (cached != null) {
      hits.incrementAndGet();
      return Optional.of(cached);
    }
    misses.incrementAndGet();
    Optional<Verdict> answer = fallback.judge(question);
    if (answer.isPresent() && answer.get().outcome() != Verdict.Outcome.UNPARSED
        && verdicts.putIfAbsent(key, answer.get()) == null) {
      writer.ifPresent(w -> {
        w.append(VerdictRecord.of(question, answer.get()));
        appended.incrementAndGet();
      });
    }
    return answer;
  }

  /**
   * "verdicts FILE", with the file's label ({@link ClarqLlmReference#verdictsLabel}: "the paper's GPT-4o judge" only
   * for the paper's verdicts, a MODIFIED warning for an edited derived file), followed by "then" and the judge behind
   * the cache unless that is {@link Judge#none()}: e.g. "verdicts judge-verdicts.jsonl (the paper's GPT-4o judge)
   * then offline".
   */
  @Override
  public String name() {
    String behind = fallback.name();
    return behind.equals(Judge.none().name()) ? source : source + " then " + behind;
  }

  /** Verdicts held, recorded and new. */
  public int size() {
    return verdicts.size();
  }

  /** Questions answered from the cache. */
  public int hits() {
    return hits.get();
  }

  /** Questions passed to the judge behind the cache. */
  public int misses() {
    return misses.get();
  }

  /** Verdicts appended to the file by this instance. */
  public int appended() {
    return appended.get();
  }

  @Override
  public void close() {
    writer.ifPresent(VerdictWriter::close);
  }
}
