package io.clarq.eval.clarqllm;

import io.clarq.core.build.ClarqBuild;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.files.AtomicFiles;
import io.clarq.datasets.clarqllm.TasksDirectory;
import io.clarq.eval.kernel.Shard;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps what a forecast reads from files between runs, so that a repeated {@code clarq run --dry-run} answers in
 * well under a second: the {@linkplain PublishedBasis published basis} (read from 13 MB of published runs; six numbers
 * per role) and the {@linkplain ForecastDialogues#of run's dialogues} (read from 62 task files; a list of keys).
 * Reading them is most of a cold start's work.
 *
 * <p>An entry is one text file, {@code forecast-<kind>-<digest>.txt}, in the cache folder: its key, a line
 * {@code --}, the number of value lines, then the value a line each. The key names every file the value was computed
 * from, with its size and modification time, every option it depends on, and the clarq build: when a file changes,
 * is added or goes, or clarq is updated, the key differs and the value is computed again from the files (which checks
 * them as a run would). An entry that cannot be read or names another key is computed again and replaced; one that
 * cannot be written is left out with a debug log line. A cache never changes a figure: an entry holds exactly what
 * the computation returned (a double is written as {@link Double#toString}, which reads back to the same double), and
 * {@code ForecastCacheTest} compares the two. Entries are plain text so that reading one needs no JSON library: a
 * cold start spends a quarter of a second making its first JSON mapper.
 *
 * <pre>{@code
 * ForecastCache cache = ForecastCache.ofEnvironment();   // $CLARQ_CACHE, else ~/.clarq/cache
 * RunForecast.Basis basis = cache.published(Path.of("data/clarq-llm"), false, 20);
 * }</pre>
 *
 * @param folder where the entries are kept (made when the first entry is written)
 */
public record ForecastCache(Path folder) {
  /** The environment variable naming the cache folder. */
  public static final String ENV = "CLARQ_CACHE";

  /** The name every entry starts with. */
  static final String PREFIX = "forecast-";

  private static final String FORMAT = "clarq-forecast-cache";
  private static final int VERSION = 1;
  private static final String END_OF_KEY = "--";
  private static final Logger LOG = LoggerFactory.getLogger(ForecastCache.class);

  public ForecastCache {
    Objects.requireNonNull(folder, "folder");
  }

  /** The cache of this process: {@code $CLARQ_CACHE}, else {@code ~/.clarq/cache}. */
  public static ForecastCache ofEnvironment() {
    return of(System.getenv(), Path.of(System.getProperty("user.home")));
  }

  /** The cache folder {@code env} names ({@value #ENV}), else {@code .clarq/cache} below {@code home}. */
  public static ForecastCache of(Map<String, String> env, Path home) {
    String configured = env.get(ENV);
    return new ForecastCache(configured != null && !configured.isBlank() ? Path.of(configured)
        : home.resolve(".clarq").resolve("cache"));
  }

  /**
   * {@link PublishedBasis#of}, from the cache when it holds the basis of these published runs unchanged, else computed
   * and kept. The key names the shipped call statistics by their traces' digests.
   */
  public RunForecast.Basis published(Path clarqLlm, boolean multiInfo, int maxSeekerTurns) {
    List<Path> files = new ArrayList<>(jsonFiles(clarqLlm.resolve("transcripts")));
    String key = "multi_info " + multiInfo + "\nmax_seeker_turns " + maxSeekerTurns + "\ncall_statistics "
        + ForecastCallStatistics.shipped().traces().stream().map(ForecastCallStatistics.TraceFile::sha256).toList()
        + files(files);
    return remembered("basis", key, () -> PublishedBasis.of(clarqLlm, multiInfo, maxSeekerTurns),
        ForecastCache::basisLines, ForecastCache::basis);
  }

  /**
   * {@link ForecastDialogues#of}, from the cache when it holds the dialogues of these task files unchanged and
   * these options, else computed (loading and checking every task) and kept.
   */
  public List<String> dialogues(Path tasks, Collection<Language> languages, Split split, TaskSelection selection,
      int trials, Shard shard) {
    Supplier<List<String>> compute = () -> ForecastDialogues.of(tasks, languages, split, selection, trials, shard);
    List<Path> files = new ArrayList<>();
    try {
      for (Language language : languages) {
        files.addAll(jsonFiles(TasksDirectory.resolve(tasks, language)));
      }
    } catch (RuntimeException e) {
      return compute.get();   // a tasks directory that is not there: the loader says what is wrong
    }
    String key = "languages " + languages + "\nsplit " + split.name().toLowerCase(Locale.ROOT) + "\nselection "
        + selection + "\ntrials " + trials + "\nshard " + shard + files(files);
    return remembered("dialogues", key, compute, values -> values, List::copyOf);
  }

  private <T> T remembered(String kind, String key, Supplier<T> compute, Function<T, List<String>> toLines,
      Function<List<String>, T> fromLines) {
    // a new clarq build computes afresh: what it reads or how it counts may have changed
    String fullKey = FORMAT + " " + VERSION + " " + kind + "\n" + ClarqBuild.current() + "\n" + key;
    Path entry = folder.resolve(PREFIX + kind + "-" + digest(fullKey) + ".txt");
    Optional<T> kept = read(entry, fullKey, fromLines);
    if (kept.isPresent()) {
      return kept.get();
    }
    T value = compute.get();
    write(entry, fullKey, toLines.apply(value));
    return value;
  }

  private static List<Path> jsonFiles(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();   // the computation names what is missing
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }

  /** Each file's absolute path, size and modification time, a line each. */
  private static String files(List<Path> files) {
    StringBuilder key = new StringBuilder();
    for (Path f : files) {
      key.append('\n').append(f.toAbsolutePath().normalize());
      try {
        key.append(' ').append(Files.size(f)).append(' ').append(Files.getLastModifiedTime(f).toMillis());
      } catch (IOException e) {
        key.append(" missing");   // the computation names the problem when it reads the file
      }
    }
    return key.toString();
  }

  private static String digest(String key) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
    }
  }

  private static <T> Optional<T> read(Path entry, String key, Function<List<String>, T> fromLines) {
    if (!Files.isRegularFile(entry)) {
      return Optional.empty();
    }
    try {
      String text = Files.readString(entry);
      String head = key + "\n" + END_OF_KEY + "\n";
      if (!text.startsWith(head)) {
        return Optional.empty();
      }
      List<String> lines = text.substring(head.length()).lines().toList();
      int count = Integer.parseInt(lines.get(0));
      if (lines.size() != count + 1) {
        throw new IllegalArgumentException("expected " + count + " value lines, found " + (lines.size() - 1));
      }
      return Optional.of(fromLines.apply(lines.subList(1, lines.size())));
    } catch (IOException | RuntimeException e) {
      LOG.debug("forecast cache entry {} is not usable ({}); computing it again", entry, e.getMessage());
      return Optional.empty();
    }
  }

  private void write(Path entry, String key, List<String> value) {
    try {
      Files.createDirectories(folder);
      StringBuilder text = new StringBuilder(key).append('\n').append(END_OF_KEY).append('\n').append(value.size())
          .append('\n');
      value.forEach(line -> text.append(line).append('\n'));
      AtomicFiles.write(entry, text.toString());
    } catch (IOException | RuntimeException e) {
      LOG.debug("cannot keep a forecast entry in {} ({}); the next dry run computes it again", entry,
          e.getMessage());
    }
  }

  /** The description, then the six numbers of the seeker, the provider and the judge: 19 lines. */
  private static List<String> basisLines(RunForecast.Basis basis) {
    List<String> lines = new ArrayList<>(List.of(basis.description()));
    for (RunForecast.PerDialogue p : List.of(basis.seeker(), basis.provider(), basis.judge())) {
      for (double d : new double[] {p.callsLow(), p.callsHigh(), p.inputLow(), p.inputHigh(), p.outputLow(),
          p.outputHigh()}) {
        lines.add(Double.toString(d));
      }
    }
    return lines;
  }

  private static RunForecast.Basis basis(List<String> lines) {
    if (lines.size() != 19) {
      throw new IllegalArgumentException("expected 19 lines, got " + lines.size());
    }
    RunForecast.PerDialogue[] roles = new RunForecast.PerDialogue[3];
    for (int r = 0; r < 3; r++) {
      double[] v = new double[6];
      for (int i = 0; i < 6; i++) {
        v[i] = Double.parseDouble(lines.get(1 + 6 * r + i));
      }
      roles[r] = new RunForecast.PerDialogue(v[0], v[1], v[2], v[3], v[4], v[5]);
    }
    return new RunForecast.Basis(lines.get(0), roles[0], roles[1], roles[2]);
  }
}
