package io.clarq.eval.kernel;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.llm.Deviation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The deviations from the reference protocol a run's clients made ({@link Deviation}), kept in the
 * {@code deviations} list of the output directory's {@code run-config.json} the moment each is first seen, so a run
 * killed midway keeps them, a resume adds to them, and a merge joins the shards'. They are observations, not settings:
 * the same model on the same server adapts the same way, so a resume is not refused over them (the model and server
 * are settings). The user's own body fields ({@code --llm-param}) are settings as well.
 */
public final class RunDeviations {
  public static final String FIELD = "deviations";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final Comparator<Deviation> ORDER = Comparator.comparing(Deviation::model)
      .thenComparing(Deviation::name).thenComparing(Deviation::reason);

  private final Path configFile;
  private final Set<Deviation> seen = new TreeSet<>(ORDER);

  private RunDeviations(Path configFile, Collection<Deviation> known) {
    this.configFile = configFile;
    seen.addAll(known);
  }

  /** The deviations recorded in {@code outputDir}'s run config, kept up to date there from now on. */
  public static RunDeviations open(Path outputDir) {
    Path file = outputDir.resolve(RunSettings.FILE);
    return new RunDeviations(file, read(outputDir));
  }

  /** The deviations recorded in {@code outputDir}'s run config (none when it has no config or no list). */
  public static List<Deviation> read(Path outputDir) {
    Path file = outputDir.resolve(RunSettings.FILE);
    if (!Files.exists(file)) {
      return List.of();
    }
    try {
      return Deviation.readAll(JSON.readTree(file.toFile()).path(FIELD));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + FIELD + e.getMessage(), e);
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": cannot read the run config: " + e.getMessage(), e);
    }
  }

  /** Records {@code d}, rewriting the run config when it is new. Thread-safe. */
  public synchronized void add(Deviation d) {
    if (seen.add(d)) {
      write(configFile, seen);
    }
  }

  /** Every deviation recorded, by model and name. */
  public synchronized List<Deviation> all() {
    return List.copyOf(seen);
  }

  /** Writes {@code deviations} into the run config {@code file}, keeping everything else it holds. */
  static void write(Path file, Collection<Deviation> deviations) {
    try {
      ObjectNode root = (ObjectNode) JSON.readTree(file.toFile());
      List<Deviation> sorted = new ArrayList<>(deviations);
      sorted.sort(ORDER);
      Deviation.writeAll(sorted, root.putArray(FIELD));
      AtomicFiles.write(file, JSON.writeValueAsString(root) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot record a deviation in " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The note a run with deviations carries in its results, summary and report, e.g. "Not comparable with the paper's
   * tables: temperature omitted (the model refuses 0)"; empty when there are none.
   */
  public static java.util.Optional<String> note(List<Deviation> deviations) {
    if (deviations.isEmpty()) {
      return java.util.Optional.empty();
    }
    List<String> parts = new ArrayList<>();
    for (Deviation d : deviations) {
      parts.add(d.describe() + " for " + d.model());
    }
    return java.util.Optional.of("Not comparable with the paper's tables: " + String.join("; ", parts) + ".");
  }
}
