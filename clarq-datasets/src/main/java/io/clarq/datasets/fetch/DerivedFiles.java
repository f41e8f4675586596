package io.clarq.datasets.fetch;

import io.clarq.core.files.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The files a fetch derives from a data set's pinned files (for {@code clarq-llm-reference}: the prompt pack and the
 * judge's verdicts), pinned like the fetched ones: the fetch records each derived file's SHA-256 in {@value #RECORD}
 * in the data set's folder, in {@code sha256sum}'s format ({@code <hex>  <path>}, the path relative to the folder,
 * '/'-separated), and {@link #verify} names a derived file edited, removed or added since.
 */
public final class DerivedFiles {
  /** The record's file name in the data set's folder. */
  public static final String RECORD = "derived.sha256";

  private DerivedFiles() {}

  /** Removes the record (a derivation about to replace the files must not leave the old digests behind). */
  public static void forget(Path folder) throws IOException {
    Files.deleteIfExists(folder.resolve(RECORD));
  }

  /**
   * Records the SHA-256 of each of {@code paths} (relative to {@code folder}, files that exist) as they are now,
   * replacing an earlier record whole.
   */
  public static void record(Path folder, Collection<String> paths) throws IOException {
    StringBuilder sb = new StringBuilder();
    for (String p : new TreeSet<>(paths)) {
      sb.append(Sha256.of(folder.resolve(p))).append("  ").append(p).append('\n');
    }
    try {
      AtomicFiles.write(folder.resolve(RECORD), sb.toString());
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /**
   * The recorded digests by relative path, when {@code folder} holds a record.
   *
   * @throws IllegalArgumentException naming the record and line when a line is not {@code <hex>  <path>}
   */
  public static Optional<Map<String, String>> read(Path folder) throws IOException {
    Path record = folder.resolve(RECORD);
    if (!Files.isRegularFile(record)) {
      return Optional.empty();
    }
    Map<String, String> out = new TreeMap<>();
    List<String> lines = Files.readAllLines(record, StandardCharsets.UTF_8);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank()) {
        continue;
      }
      int gap = line.indexOf("  ");
      String hex = gap < 0 ? "" : line.substring(0, gap);
      String path = gap < 0 ? "" : line.substring(gap + 2);
      if (!hex.matches("[0-9a-f]{64}") || path.isEmpty() || path.startsWith("/") || path.contains("..")) {
        throw new IllegalArgumentException(record + ", line " + (i + 1) + ": expected \"<sha256>  <path>\", got \""
            + line + "\"; run the fetch again to derive the files anew");
      }
      out.put(path, hex);
    }
    return Optional.of(out);
  }

  /**
   * Checks every recorded file against its digest, and lists files in a recorded folder that the fetch did not
   * write ({@link DerivedCheck.Status#ADDED}). Empty when {@code folder} holds no record.
   */
  public static List<DerivedCheck> verify(Path folder) throws IOException {
    Optional<Map<String, String>> recorded = read(folder);
    if (recorded.isEmpty()) {
      return List.of();
    }
    List<DerivedCheck> out = new ArrayList<>();
    TreeSet<String> folders = new TreeSet<>();
    for (Map.Entry<String, String> e : recorded.get().entrySet()) {
      Path where = folder.resolve(e.getKey());
      int slash = e.getKey().indexOf('/');
      if (slash > 0) {
        folders.add(e.getKey().substring(0, slash));
      }
      if (!Files.isRegularFile(where)) {
        out.add(new DerivedCheck(e.getKey(), where, DerivedCheck.Status.MISSING, Optional.of(e.getValue()),
            Optional.empty()));
        continue;
      }
      String actual = Sha256.of(where);
      out.add(new DerivedCheck(e.getKey(), where, actual.equals(e.getValue()) ? DerivedCheck.Status.VERIFIED
          : DerivedCheck.Status.MODIFIED, Optional.of(e.getValue()), Optional.of(actual)));
    }
    for (String f : folders) {
      Path dir = folder.resolve(f);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> s = Files.walk(dir)) {
        for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
          String rel = folder.relativize(p).toString().replace('\\', '/');
          if (!recorded.get().containsKey(rel)) {
            out.add(new DerivedCheck(rel, p, DerivedCheck.Status.ADDED, Optional.empty(), Optional.of(Sha256.of(p))));
          }
        }
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
    }
    return out;
  }
}
