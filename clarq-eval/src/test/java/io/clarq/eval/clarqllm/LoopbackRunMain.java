package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.provider.llm.LlmProviderAgent;
import io.clarq.core.clarqllm.seeker.llm.LlmSeeker;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.cache.CachePolicy;
import io.clarq.core.llm.cache.CachingLlmClient;
import io.clarq.core.llm.cache.ResponseCacheFile;
import io.clarq.eval.kernel.Shard;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A run of the English test split against OpenAI-compatible servers: the Completion-mode seeker and the standard
 * provider on one client (retries with millisecond backoff, 8 attempts), optionally through a response cache. Used
 * in-process by the loopback tests and as the main class of the child JVMs they kill.
 *
 * <p>Arguments: base URLs (comma-separated), tasks directory, output directory, concurrency, then optionally the cache
 * file and "replay-only".
 */
public final class LoopbackRunMain {
  static final String MODEL = "simulated";
  /** Fast retries: a loopback fault costs milliseconds, not the default second. */
  static final RetryPolicy RETRY = RetryPolicy.DEFAULT.withMaxAttempts(8)
      .withBackoff(Duration.ofMillis(1), Duration.ofMillis(20));

  /** What to run. */
  record Options(List<String> baseUrls, Path tasks, Path out, int concurrency, Optional<Path> cache,
      boolean replayOnly, TaskSelection selection, Shard shard, LlmListener listener) {
    Options(String baseUrl, Path tasks, Path out, int concurrency) {
      this(List.of(baseUrl), tasks, out, concurrency, Optional.empty(), false, TaskSelection.ALL, Shard.ALL,
          LlmListener.NONE);
    }

    Options cache(Path file, boolean replay) {
      return new Options(baseUrls, tasks, out, concurrency, Optional.of(file), replay, selection, shard, listener);
    }

    Options out(Path dir) {
      return new Options(baseUrls, tasks, dir, concurrency, cache, replayOnly, selection, shard, listener);
    }

    Options select(TaskSelection s, Shard part) {
      return new Options(baseUrls, tasks, out, concurrency, cache, replayOnly, s, part, listener);
    }

    Options listener(LlmListener l) {
      return new Options(baseUrls, tasks, out, concurrency, cache, replayOnly, selection, shard, l);
    }
  }

  private LoopbackRunMain() {}

  public static void main(String[] args) throws Exception {
    Options o = new Options(Arrays.asList(args[0].split(",")), Path.of(args[1]), Path.of(args[2]),
        Integer.parseInt(args[3]), args.length > 4 ? Optional.of(Path.of(args[4])) : Optional.empty(),
        args.length > 5 && args[5].equals("replay-only"), TaskSelection.ALL, Shard.ALL, LlmListener.NONE);
    RunResult r = run(o);
    System.out.println(r.summary());
  }

  /** The old form: one server, the whole split. */
  static RunResult run(String baseUrl, Path tasks, Path out, int concurrency, Optional<Path> cacheFile,
      boolean replayOnly, LlmListener listener) throws InterruptedException {
    Options o = new Options(baseUrl, tasks, out, concurrency).listener(listener);
    return run(cacheFile.isPresent() ? o.cache(cacheFile.get(), replayOnly) : o);
  }

  /** Runs; with several base URLs the client is an endpoint pool, given to {@code pool} when not null. */
  static RunResult run(Options o) throws InterruptedException {
    LlmSpec spec = LlmSpec.parse(o.baseUrls().get(0)).withBaseUrls(o.baseUrls().stream().map(URI::create).toList())
        .withModel(MODEL).withSettings(LlmSettings.DEFAULT.withRetry(RETRY));
    LlmListener listeners = LlmListener.all(List.of(TurnUsage.listener(), o.listener()));
    ResponseCacheFile cache = o.cache().map(f -> ResponseCacheFile.open(f, ResponseCacheFile.Fsync.OS)).orElse(null);
    try (LlmClient live = LlmClients.fromSpec(spec, name -> null, listeners)) {
      LlmClient client = cache == null ? live : CachingLlmClient.forSpec(live, spec, cache,
          o.replayOnly() ? CachePolicy.REPLAY_ONLY : CachePolicy.DEFAULT, listeners);
      LAST_CLIENT.set(live);
      return ClarqEvaluator.run(RunConfig.builder()
          .tasks(o.tasks())
          .prompts(io.clarq.core.prompt.PromptPack.clarq())   // the simulated model reads clarq's own prompts
          .language(Language.ENGLISH)
          .selection(o.selection())
          .shard(o.shard())
          .seeker(LlmSeeker.builder(client.withModel(MODEL)).mode(LlmSeeker.Mode.COMPLETION).build())
          .provider(LlmProviderAgent.builder(client.withModel(MODEL)).build())
          .setting("model", spec.withBaseUrls(List.of()).identity())
          .concurrency(o.concurrency())
          .output(o.out())
          .build());
    } finally {
      if (cache != null) {
        cache.close();
      }
    }
  }

  /** The live client of the latest in-process run on this thread (an endpoint pool when it had several servers). */
  static final ThreadLocal<LlmClient> LAST_CLIENT = new ThreadLocal<>();
}
