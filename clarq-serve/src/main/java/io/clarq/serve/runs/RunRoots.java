package io.clarq.serve.runs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The directories {@code clarq serve} was given, and the one way a request's path reaches a file: {@link #resolve}
 * takes a run id (the root's number, a slash, then a path relative to that root, e.g. {@code 0/demo/run-1}) and gives
 * the real file only when it lies under that root once every symbolic link is followed. {@code ..}, absolute paths,
 * backslashes, empty or {@code .} segments and links leading outside are refused; a URL-encoded {@code %2e%2e} is
 * decoded by the server before it gets here and refused as {@code ..}.
 */
public final class RunRoots {
  private final List<Path> roots;

  /** The roots, each an existing directory; they are made real (links followed) once, here. */
  public RunRoots(List<Path> dirs) {
    if (dirs.isEmpty()) {
      throw new IllegalArgumentException("clarq serve needs at least one directory of runs");
    }
    List<Path> real = new ArrayList<>();
    for (Path d : dirs) {
      if (!Files.isDirectory(d)) {
        throw new IllegalArgumentException("not a directory: " + d);
      }
      try {
        real.add(d.toRealPath());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the directory " + d + ": " + e.getMessage(), e);
      }
    }
    this.roots = List.copyOf(real);
  }

  /** The roots, real paths, in the order given. */
  public List<Path> roots() {
    return roots;
  }

  /** The id of {@code dir}, a real path under root number {@code root}: {@code root/relative/path}. */
  public String idOf(int root, Path dir) {
    Path rel = roots.get(root).relativize(dir);
    String s = rel.toString().replace(java.io.File.separatorChar, '/');
    return s.isEmpty() ? Integer.toString(root) : root + "/" + s;
  }

  /**
   * The real path an id names, when it is an existing file or directory under its root (links followed); empty for
   * anything else, traversal attempts included, so a caller answers 404 without saying why.
   */
  public Optional<Path> resolve(String id) {
    if (id == null || id.isEmpty() || id.indexOf('\\') >= 0 || id.indexOf('\0') >= 0 || id.startsWith("/")) {
      return Optional.empty();
    }
    String[] parts = id.split("/", -1);
    int root;
    try {
      root = Integer.parseInt(parts[0]);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
    if (root < 0 || root >= roots.size()) {
      return Optional.empty();
    }
    Path base = roots.get(root);
    Path p = base;
    for (int i = 1; i < parts.length; i++) {
      String seg = parts[i];
      if (seg.isEmpty() || seg.equals(".") || seg.equals("..") || seg.contains(":")) {
        return Optional.empty();
      }
      try {
        p = p.resolve(seg);
      } catch (InvalidPathException e) {
        return Optional.empty();
      }
    }
    if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !Files.exists(p)) {
      return Optional.empty();
    }
    try {
      Path real = p.toRealPath();
      return real.startsWith(base) ? Optional.of(real) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
