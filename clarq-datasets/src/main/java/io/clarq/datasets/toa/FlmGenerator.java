package io.clarq.datasets.toa;

import io.clarq.core.files.AtomicFiles;
import io.clarq.core.toa.flm.FlmExample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a HotpotQA file into an FLM examples file ({@link FlmJsonl}), streaming both. The output appears only when
 * complete: it is written to a temporary file beside it and moved into place. A malformed example (a supporting fact
 * naming a missing sentence, a mistyped field, no supporting fact) is skipped and reported with its position and id,
 * never fatal to the file; examples without a distractor sentence are dropped (docs/protocol/flm-toa.md).
 */
public final class FlmGenerator {
  /**
   * What a generation did.
   *
   * @param read HotpotQA examples read
   * @param kept well-formed ones with at least one distractor sentence
   * @param dropped well-formed ones without (left out, docs/protocol/flm-toa.md)
   * @param written masked examples written
   * @param malformed examples skipped because they could not be used, in file order
   */
  public record Report(int read, int kept, int dropped, int written, List<MalformedExample> malformed) {
    public Report {
      malformed = List.copyOf(malformed);
      if (kept + dropped + malformed.size() != read) {
        throw new IllegalArgumentException("illegal FLM report: " + kept + " kept + " + dropped + " dropped + "
            + malformed.size() + " malformed != " + read + " read");
      }
    }
  }

  private FlmGenerator() {}

  /** Keeps a failure to read the HotpotQA file apart from a failure to write the output. */
  private static final class ReadFailure {
    IOException failure;

    void run(Reading reading) throws IOException {
      try {
        reading.run();
      } catch (IOException e) {
        failure = e;
        throw e;
      }
    }
  }

  @FunctionalInterface
  private interface Reading {
    void run() throws IOException;
  }

  /** Masks every example of {@code hotpot} with the masker and writes the result to {@code out}. */
  public static Report generate(Path hotpot, Path out, FactMasker masker) throws IOException {
    int[] counts = new int[4];
    List<MalformedExample> malformed = new ArrayList<>();
    java.util.Map<String, String> written = new java.util.HashMap<>();
    ReadFailure readFailure = new ReadFailure();
    try {
      AtomicFiles.write(out, w -> readFailure.run(() -> HotpotQaReader.streamSkipping(hotpot, example -> {
        int position = counts[0]++;
        List<FlmExample> masked;
        try {
          masked = masker.mask(example);
        } catch (IllegalArgumentException e) {
          malformed.add(new MalformedExample(position, example.id(), hotpot + ", example " + position + ": "
              + e.getMessage()));
          return;
        }
        for (FlmExample e : masked) {
          String firstAt = written.get(e.id());
          if (firstAt != null) {
            malformed.add(new MalformedExample(position, example.id(), hotpot + ", example " + position
                + ": example id \"" + e.id() + "\" was already written for " + firstAt
                + " (the file repeats an _id); this example is skipped, toa run refuses repeated ids"));
            return;
          }
        }
        counts[masked.isEmpty() ? 2 : 1]++;
        for (FlmExample e : masked) {
          written.put(e.id(), "example " + position);
          try {
            FlmJsonl.write(w, e);
          } catch (IOException ex) {
            throw new UncheckedIOException("cannot write " + out + ": " + AtomicFiles.describe(ex), ex);
          }
          counts[3]++;
        }
      }, m -> {
        counts[0]++;
        malformed.add(m);
      })));
    } catch (UncheckedIOException ex) {
      if (readFailure.failure != null) {
        throw readFailure.failure; // the HotpotQA file's own error, which names it
      }
      throw new IOException(ex.getMessage(), ex.getCause()); // "cannot write OUT: reason"
    }
    return new Report(counts[0], counts[1], counts[2], counts[3], malformed);
  }
}
