package io.clarq.core.clarqllm.metrics;

import io.clarq.core.clarqllm.task.Language;
import java.util.Objects;

/**
 * The seeker's average query length in one dialogue.
 *
 * @param language the language decided on the first seeker line (the reference's rule)
 * @param seekerLines how many seeker lines were measured (all of them, the first request and the goodbye included)
 * @param reference AQL as the reference computes it: English, the mean count of SPACE characters per stripped
 *     line (not words: "a  b" counts 2); Chinese, the mean length in characters (code points)
 * @param words a proper word count, reported beside the reference figure, never in its place: the mean number of
 *     words per line, a word being a run of letters or digits outside the Han script, or one Han ideograph
 */
public record QueryLength(Language language, int seekerLines, double reference, double words) {
  public QueryLength {
    Objects.requireNonNull(language, "language");
    if (seekerLines < 0 || reference < 0 || words < 0) {
      throw new IllegalArgumentException("illegal query length: " + seekerLines + " lines, " + reference + ", "
          + words + ": must be non-negative");
    }
  }
}
