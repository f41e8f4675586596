package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.seeker.EndDetection;
import io.clarq.core.llm.batch.BatchPasses;
import java.util.Objects;
import java.util.Optional;

/**
 * How a {@link RunConfig} plays its dialogues: the seeker's turn cap and how the end of a dialogue is detected, how
 * many dialogues are in flight, whether transcripts carry timings, who hears of the progress, how many trials each
 * task gets, and whether play goes turn-synchronously through batch APIs. The bounds are {@link RunRules}'.
 *
 * @param maxSeekerTurns seeker utterances before a dialogue is cut off
 * @param endDetection how the end of a dialogue is recognised
 * @param concurrency dialogues played at once
 * @param recordTimings whether transcripts carry start times, wall times and latencies
 * @param listener who hears of the run's progress
 * @param trials how many times each selected task is played
 * @param batches the batch clients of turn-synchronous play, when play goes through batch APIs
 */
record DialoguePlay(int maxSeekerTurns, EndDetection endDetection, int concurrency, boolean recordTimings,
    RunListener listener, int trials, Optional<BatchPasses> batches) {
  DialoguePlay {
    Objects.requireNonNull(endDetection, "endDetection");
    Objects.requireNonNull(listener, "listener");
    Objects.requireNonNull(batches, "batches");
  }
}
