package io.clarq.serve.runs;

import io.clarq.eval.report.RunReport;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every run folder under the served directories, found again on each {@link #runs()} call so that new runs appear
 * without a restart, and cheap to ask: a directory is listed again only when its modification time changed, and a run
 * folder is read again only when its own or its results.json's modification time changed (a run that starts, ends or
 * writes its results changes one of them). Symbolic links are not followed while scanning, so the index never
 * reaches outside the directories; folders deeper than {@value #MAX_DEPTH} levels are not searched. Thread-safe.
 *
 * <pre>{@code
 * RunIndex index = new RunIndex(new RunRoots(List.of(Path.of("runs"))));
 * for (RunSummary r : index.runs()) { ... }
 * }</pre>
 */
public final class RunIndex {
  /** How deep under a served directory run folders are looked for. */
  public static final int MAX_DEPTH = 6;

  private final RunRoots roots;
  private final Map<Path, Listing> listings = new ConcurrentHashMap<>();
  private final Map<Path, Read> reads = new ConcurrentHashMap<>();

  private record Listing(FileTime modified, boolean run, List<Path> children) {}

  private record Read(FileTime folder, FileTime results, RunSummary summary) {}

  /** An index over {@code roots}; nothing is read until {@link #runs()}. */
  public RunIndex(RunRoots roots) {
    this.roots = roots;
  }

  /** The served directories. */
  public RunRoots roots() {
    return roots;
  }

  /** Every run folder now under the directories, newest start first (runs with no recorded start last, by id). */
  public List<RunSummary> runs() {
    List<RunSummary> out = new ArrayList<>();
    for (int i = 0; i < roots.roots().size(); i++) {
      scan(i, roots.roots().get(i), 0, out);
    }
    out.sort(Comparator.comparing((RunSummary r) -> r.started().orElse(java.time.Instant.EPOCH)).reversed()
        .thenComparing(RunSummary::id));
    return out;
  }

  /** The run with this id, when it is a run folder under the directories. */
  public Optional<RunSummary> run(String id) {
    return roots.resolve(id).filter(Files::isDirectory).filter(RunReader::isRun).map(dir -> summary(id, dir));
  }

  private void scan(int root, Path dir, int depth, List<RunSummary> out) {
    Listing l = listing(dir);
    if (l == null) {
      return;
    }
    if (l.run()) {
      out.add(summary(roots.idOf(root, dir), dir));
      return;
    }
    if (depth < MAX_DEPTH) {
      l.children().forEach(c -> scan(root, c, depth + 1, out));
    }
  }

  private Listing listing(Path dir) {
    FileTime modified = modified(dir);
    if (modified == null) {
      listings.remove(dir);
      return null;
    }
    Listing cached = listings.get(dir);
    if (cached != null && cached.modified().equals(modified)) {
      return cached;
    }
    List<Path> children = new ArrayList<>();
    boolean run = RunReader.isRun(dir);
    if (!run) {
      try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
        for (Path c : s) {
          if (Files.isDirectory(c, LinkOption.NOFOLLOW_LINKS) && !c.getFileName().toString().startsWith(".")) {
            children.add(c);
          }
        }
      } catch (IOException e) {
        return null;   // unreadable: not shown
      }
      children.sort(Comparator.naturalOrder());
    }
    Listing l = new Listing(modified, run, List.copyOf(children));
    listings.put(dir, l);
    return l;
  }

  private RunSummary summary(String id, Path dir) {
    FileTime folder = modified(dir);
    FileTime results = modified(dir.resolve(RunReport.RESULTS));
    Read cached = reads.get(dir);
    if (cached != null && cached.folder().equals(folder) && java.util.Objects.equals(cached.results(), results)) {
      return cached.summary();
    }
    RunSummary s = RunReader.read(id, dir);
    reads.put(dir, new Read(folder, results, s));
    return s;
  }

  private static FileTime modified(Path p) {
    try {
      return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).lastModifiedTime();
    } catch (IOException e) {
      return null;
    }
  }
}
