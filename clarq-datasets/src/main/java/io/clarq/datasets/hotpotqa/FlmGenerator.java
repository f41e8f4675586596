package io.clarq.datasets.hotpotqa;

import io.clarq.core.files.AtomicFiles;
import io.clarq.core.flm.FlmExample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Turns a HotpotQA file into an FLM examples file ({@link FlmJsonl}), streaming both. The output appears only when
 * complete: it is written to a temporary file beside it and moved into place.
 */
public final class FlmGenerator {
  /**
   * What a generation did.
   *
   * @param read HotpotQA examples read
   * @param kept those with at least one distractor sentence
   * @param dropped those without (left out, as the spec says)
   * @param written masked examples written
   */
  public record Report(int read, int kept, int dropped, int written) {}

  private FlmGenerator() {}

  /** Masks every example of {@code hotpot} with the masker and writes the result to {@code out}. */
  public static Report generate(Path hotpot, Path out, FactMasker masker) throws IOException {
    int[] counts = new int[4];
    try {
      AtomicFiles.write(out, w -> HotpotQaReader.stream(hotpot, example -> {
        counts[0]++;
        List<FlmExample> masked = masker.mask(example);
        counts[masked.isEmpty() ? 2 : 1]++;
        for (FlmExample e : masked) {
          try {
            FlmJsonl.write(w, e);
          } catch (IOException ex) {
            throw new UncheckedIOException(ex);
          }
          counts[3]++;
        }
      }));
    } catch (UncheckedIOException ex) {
      throw ex.getCause();
    }
    return new Report(counts[0], counts[1], counts[2], counts[3]);
  }
}
