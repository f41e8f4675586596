package io.clarq.core.clarqllm.seeker;

import io.clarq.core.llm.LlmException;

/**
 * The agent under test: it must find out how to do a task by asking the provider. Implement this to put your own
 * seeker on the benchmark; say "Goodbye" when done (the reference end detector is case-sensitive, see
 * {@link EndDetection}).
 *
 * <p>Each call gets a {@link SeekerTurn}: an opaque dialogue key, the language, the seeker's briefing (role, task, items,
 * skills/actions, scenes; never the provider's response tree) and the dialogue so far, which always ends with the
 * provider's latest line. Return the next line. One instance may serve many dialogues at once from several threads:
 * keep per-dialogue state out of fields, everything needed is in the turn.
 *
 * <p>A complete seeker that asks about each scene in turn, then says goodbye, run on the English test split:
 *
 * <pre>{@code
 * public final class SceneByScene implements SeekerAgent {
 *   @Override public String name() { return "scene-by-scene"; }
 *
 *   @Override public String next(SeekerTurn turn) {
 *     int asked = turn.seekerTurnsSoFar();
 *     if (asked == 0) {
 *       return "Hello Jax, how do I complete the task of " + turn.briefing().task() + "?";
 *     }
 *     List<String> scenes = turn.briefing().scenes();
 *     if (asked <= scenes.size()) {
 *       return "Do I need to go to " + scenes.get(asked - 1) + "? What should I do there?";
 *     }
 *     return "Thanks, Goodbye!";
 *   }
 * }
 *
 * RunResult result = ClarqEvaluator.run(RunConfig.builder()
 *     .tasks(Path.of("../shared/data/clarq-llm/tasks"))
 *     .language(Language.ENGLISH)
 *     .seeker(new SceneByScene())
 *     .provider(LlmProviderAgent.builder(llmClient.withModel("gpt-4o")).build())
 *     .output(Path.of("runs/scene-by-scene"))
 *     .build());
 * ClarqSummary english = result.summaries().get(Language.ENGLISH);   // success, AQD, AQL, breakdowns
 * }</pre>
 *
 * A model-backed seeker throws {@link LlmException} when its model cannot be reached: the runner records the dialogue
 * as an infrastructure error and retries it on resume; it is never scored as a seeker failure.
 */
public interface SeekerAgent {
  /** A short name for transcripts and reports. */
  String name();

  /**
   * The seeker's next line.
   *
   * @throws LlmException when a model behind the seeker could not be reached (recorded as an infrastructure
   *     error, never scored as a seeker failure)
   */
  String next(SeekerTurn turn) throws LlmException;

  /**
   * The seeker's version, when it declares one: a run resumes into an output directory only with the same seeker,
   * and this is how it tells. Empty (the default) lets the runner use a digest of the seeker's class files instead,
   * so editing the seeker's code and rerunning into the same directory is refused rather than mixing dialogues of
   * two seekers. Declare a version when the code changes without changing what the seeker says (or when its
   * behaviour lives outside its class files, e.g. in a model or a configuration file).
   */
  default String version() {
    return "";
  }
}
