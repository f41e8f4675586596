package io.clarq.datasets.fetch;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * One file of a data set: where it goes below the data set's folder ({@code path}), where it comes from (the
 * {@code upstream} path below the data set's origin, or a full {@code url}), and its pinned size and SHA-256. A file
 * whose digest could not be pinned (the project holds only a subset of it) has neither; its first fetch records what
 * it got.
 *
 * @param path relative path below the data set's folder, '/'-separated, e.g. {@code tasks/English/1._Gather.json}
 * @param upstream path below the data set's origin, or {@code null} when {@code url} is given
 * @param url the file's own address, for a file that does not live below the origin, or {@code null}
 * @param size the pinned size in bytes, if pinned
 * @param sha256 the pinned SHA-256 in lower-case hex, if pinned
 */
public record DataFile(String path, String upstream, String url, OptionalLong size, Optional<String> sha256) {
  private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");

  public DataFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(size, "size");
    Objects.requireNonNull(sha256, "sha256");
    if (path.isEmpty() || path.startsWith("/") || path.contains("\\") || path.contains("..")) {
      throw new IllegalArgumentException("illegal data file path \"" + path + "\": must be relative, '/'-separated,"
          + " without '..'");
    }
    if ((upstream == null) == (url == null)) {
      throw new IllegalArgumentException("data file " + path + ": exactly one of upstream and url must be given");
    }
    if (size.isPresent() && size.getAsLong() < 0) {
      throw new IllegalArgumentException("data file " + path + ": illegal size " + size.getAsLong());
    }
    if (sha256.isPresent() && !HEX64.matcher(sha256.get()).matches()) {
      throw new IllegalArgumentException("data file " + path + ": illegal sha256 \"" + sha256.get()
          + "\": must be 64 lower-case hex digits");
    }
    if (size.isPresent() != sha256.isPresent()) {
      throw new IllegalArgumentException("data file " + path + ": size and sha256 are pinned together or not at all");
    }
  }

  /** Whether size and digest are pinned in the catalogue. */
  public boolean pinned() {
    return sha256.isPresent();
  }

  /** Where to download it from: its own url, else the upstream path below {@code origin}. */
  public URI source(URI origin) {
    return url != null ? URI.create(url) : resolve(origin, upstream);
  }

  /** Where a mirror holds it: {@code MIRROR/<data set>/<path>}, the layout of a data directory. */
  public URI mirrored(URI mirror, String dataSet) {
    return resolve(mirror, dataSet + "/" + path);
  }

  private static URI resolve(URI base, String relative) {
    String b = base.toString();
    StringBuilder sb = new StringBuilder(b.endsWith("/") ? b : b + "/");
    for (String segment : relative.split("/", -1)) {
      if (sb.charAt(sb.length() - 1) != '/') {
        sb.append('/');
      }
      sb.append(encode(segment));
    }
    return URI.create(sb.toString());
  }

  // percent-encodes what is not an unreserved URI character (file names may hold non-ASCII letters)
  private static String encode(String segment) {
    StringBuilder sb = new StringBuilder();
    for (byte b : segment.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~".indexOf(c) >= 0) {
        sb.append(c);
      } else {
        sb.append('%').append(String.format(Locale.ROOT, "%02X", b & 0xff));
      }
    }
    return sb.toString();
  }
}
