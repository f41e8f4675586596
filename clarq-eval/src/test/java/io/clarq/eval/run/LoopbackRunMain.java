package io.clarq.eval.run;

import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.cache.CachePolicy;
import io.clarq.core.llm.cache.CachingLlmClient;
import io.clarq.core.llm.cache.ResponseCacheFile;
import io.clarq.core.provider.llm.LlmProviderAgent;
import io.clarq.core.seeker.llm.LlmSeeker;
import io.clarq.core.task.Language;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A run of the English test split against an OpenAI-compatible server: the Completion-mode seeker and the standard
 * provider on one client, optionally through a response cache. Used in-process by the loopback tests and as the
 * main class of the child JVM they kill.
 *
 * <p>Arguments: base URL, tasks directory, output directory, concurrency, then optionally the cache file and
 * "replay-only".
 */
public final class LoopbackRunMain {
  static final String MODEL = "simulated";

  private LoopbackRunMain() {}

  public static void main(String[] args) throws Exception {
    Optional<Path> cache = args.length > 4 ? Optional.of(Path.of(args[4])) : Optional.empty();
    RunResult r = run(args[0], Path.of(args[1]), Path.of(args[2]), Integer.parseInt(args[3]), cache,
        args.length > 5 && args[5].equals("replay-only"), LlmListener.NONE);
    System.out.println(r.summary());
  }

  /** @param listener also told of every live reply and cache hit */
  static RunResult run(String baseUrl, Path tasks, Path out, int concurrency, Optional<Path> cacheFile,
      boolean replayOnly, LlmListener listener) throws InterruptedException {
    LlmSpec spec = LlmSpec.parse(baseUrl).withModel(MODEL);
    LlmListener listeners = LlmListener.all(List.of(TurnUsage.listener(), listener));
    ResponseCacheFile cache = cacheFile.map(f -> ResponseCacheFile.open(f, ResponseCacheFile.Fsync.OS)).orElse(null);
    try (LlmClient live = LlmClients.fromSpec(spec, name -> null, listeners)) {
      LlmClient client = cache == null ? live : CachingLlmClient.forSpec(live, spec, cache,
          replayOnly ? CachePolicy.REPLAY_ONLY : CachePolicy.DEFAULT, listeners);
      return ClarqEvaluator.run(RunConfig.builder()
          .tasks(tasks)
          .prompts(io.clarq.core.prompt.PromptPack.clarq())   // the simulated model reads clarq's own prompts
          .language(Language.ENGLISH)
          .seeker(new LlmSeeker(client, LlmSeeker.Mode.COMPLETION, MODEL))
          .provider(LlmProviderAgent.builder(client).model(MODEL).build())
          .concurrency(concurrency)
          .output(out)
          .build());
    } finally {
      if (cache != null) {
        cache.close();
      }
    }
  }
}
