package io.clarq.datasets.fetch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Downloads a data set's files into a {@link DataDirectory} and checks them. Each file is written to
 * {@code NAME.part}; an interrupted download is continued with an HTTP range request; the complete file's size and
 * SHA-256 are checked against the catalogue before it is renamed into place. A file already there and verified is
 * not downloaded again, and a failed check touches nothing verified before it. A file the catalogue cannot pin gets
 * its digest recorded beside it ({@code NAME.sha256}) at its first fetch, and is checked against that later.
 */
public final class DataFetcher {
  private static final String PART = ".part";
  private static final String RECORD = ".sha256";
  private static final long PROGRESS_STEP = 1 << 20;

  private final HttpClient http;

  /** A fetcher using {@code http} (which should follow redirects: upstream raw files are redirected). */
  public DataFetcher(HttpClient http) {
    this.http = http;
  }

  /** A fetcher with its own client: redirects followed, 30 s to connect. */
  public static DataFetcher create() {
    return new DataFetcher(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
        .connectTimeout(Duration.ofSeconds(30)).build());
  }

  /**
   * Fetches every file of {@code set} that is not already verified in {@code dir}.
   *
   * @param mirror replaces the origin: files are read from {@code MIRROR/<data set>/<path>}
   * @throws ChecksumMismatchException when a download is not the pinned file (it is discarded)
   * @throws IOException when the origin cannot be reached or answers with an error; partial downloads are kept
   */
  public void fetch(DataSet set, DataDirectory dir, Optional<URI> mirror, FetchListener listener)
      throws IOException {
    for (DataFile file : set.files()) {
      Path target = dir.file(set.name(), file);
      if (check(set, dir, file).status() == FileCheck.Status.VERIFIED) {
        listener.finished(file, FetchListener.Outcome.ALREADY_VERIFIED);
        continue;
      }
      URI source = mirror.map(m -> file.mirrored(m, set.name())).orElseGet(() -> file.source(set.origin()));
      Files.createDirectories(target.getParent());
      Path part = target.resolveSibling(target.getFileName() + PART);
      boolean resumed = download(file, source, part, listener);
      String actual = Sha256.of(part);
      long actualSize = Files.size(part);
      if (file.pinned()) {
        if (actualSize != file.size().getAsLong() || !actual.equals(file.sha256().get())) {
          Files.delete(part);
          throw new ChecksumMismatchException(target, source, file.size().getAsLong(), file.sha256().get(),
              actualSize, actual);
        }
      } else {
        Path record = recordOf(target);
        Files.writeString(record, actual + "  " + target.getFileName() + "\n", StandardCharsets.UTF_8);
      }
      moveIntoPlace(part, target);
      listener.finished(file, resumed ? FetchListener.Outcome.RESUMED : FetchListener.Outcome.DOWNLOADED);
    }
  }

  /** Checks every file of {@code set} in {@code dir} against the catalogue (reads each present file once). */
  public static List<FileCheck> verify(DataSet set, DataDirectory dir) throws IOException {
    List<FileCheck> checks = new ArrayList<>();
    for (DataFile file : set.files()) {
      checks.add(check(set, dir, file));
    }
    return checks;
  }

  /** Checks one file: missing, verified, mismatched, or (unpinned, never fetched by clarq) unrecorded. */
  public static FileCheck check(DataSet set, DataDirectory dir, DataFile file) throws IOException {
    Path target = dir.file(set.name(), file);
    if (!Files.isRegularFile(target)) {
      return new FileCheck(file, target, FileCheck.Status.MISSING, Optional.empty());
    }
    Optional<String> expected = file.sha256();
    if (expected.isEmpty()) {
      Path record = recordOf(target);
      if (!Files.isRegularFile(record)) {
        return new FileCheck(file, target, FileCheck.Status.UNRECORDED, Optional.empty());
      }
      expected = Optional.of(Files.readString(record, StandardCharsets.UTF_8).strip().split("\\s+")[0]);
    } else if (Files.size(target) != file.size().getAsLong()) {
      return new FileCheck(file, target, FileCheck.Status.MISMATCH, Optional.of(Sha256.of(target)));
    }
    String actual = Sha256.of(target);
    return new FileCheck(file, target, actual.equals(expected.get()) ? FileCheck.Status.VERIFIED
        : FileCheck.Status.MISMATCH, Optional.of(actual));
  }

  private static Path recordOf(Path target) {
    return target.resolveSibling(target.getFileName() + RECORD);
  }

  // returns whether an earlier .part was continued
  private boolean download(DataFile file, URI source, Path part, FetchListener listener) throws IOException {
    long have = Files.isRegularFile(part) ? Files.size(part) : 0;
    OptionalLong total = file.size();
    if (total.isPresent() && have > total.getAsLong()) {
      Files.delete(part);
      have = 0;
    }
    if (total.isPresent() && have == total.getAsLong()) {
      return true;                                   // complete but not yet checked: check it
    }
    HttpRequest.Builder request = HttpRequest.newBuilder(source).GET();
    if (have > 0) {
      request.header("Range", "bytes=" + have + "-");
    }
    HttpResponse<InputStream> response = send(request.build(), file);
    int status = response.statusCode();
    boolean append = have > 0 && status == 206;
    if (have > 0 && status == 416 && total.isEmpty()) {
      response.body().close();                        // nothing left to send: the .part is complete
      return true;
    }
    if (status != 200 && !append) {
      response.body().close();
      throw new IOException("cannot fetch " + file.path() + ": " + source + " answered HTTP " + status);
    }
    long done = append ? have : 0;
    listener.started(file, source, done, total);
    StandardOpenOption mode = append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING;
    try (InputStream in = response.body();
        OutputStream out = Files.newOutputStream(part, StandardOpenOption.CREATE, StandardOpenOption.WRITE, mode)) {
      byte[] buffer = new byte[1 << 16];
      long nextReport = done + PROGRESS_STEP;
      for (int n; (n = in.read(buffer)) > 0; ) {
        out.write(buffer, 0, n);
        done += n;
        if (done >= nextReport) {
          listener.progress(file, done, total);
          nextReport = done + PROGRESS_STEP;
        }
      }
    } catch (IOException e) {
      throw new IOException("download of " + file.path() + " from " + source + " broke off after " + done
          + " bytes (" + e.getMessage() + "); run the fetch again to continue it", e);
    }
    listener.progress(file, done, total);
    return append;
  }

  private HttpResponse<InputStream> send(HttpRequest request, DataFile file) throws IOException {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofInputStream());
    } catch (ConnectException | HttpConnectTimeoutException | UnresolvedAddressException e) {
      throw new IOException("cannot reach " + request.uri().getHost() + " to fetch " + file.path()
          + " (offline?): clarq data fetch needs network access to the data set's origin, or --mirror URL naming"
          + " a copy it can reach", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while fetching " + file.path(), e);
    }
  }

  private static void moveIntoPlace(Path part, Path target) throws IOException {
    try {
      Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
