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
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
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
import java.util.concurrent.Flow;

/**
 * Downloads a data set's files into a {@link DataDirectory} and checks them. Each file is written to
 * {@code NAME.part}; an interrupted download is continued with an HTTP range request; the complete file's size and
 * SHA-256 are checked against the catalogue before it is renamed into place. A file already there and verified is
 * not downloaded again, and a failed check touches nothing verified before it. A file the catalogue cannot pin gets
 * its digest recorded beside it ({@code NAME.sha256}) at its first fetch, and is checked against that later. A
 * server that stops sending mid-file is given up after the read timeout (no byte for that long), keeping the
 * {@code .part} file for the next fetch to continue.
 */
public final class DataFetcher {
  private static final String PART = ".part";
  private static final String RECORD = ".sha256";
  private static final long PROGRESS_STEP = 1 << 20;

  /** How long a download waits for its next byte (and for the response headers) by default: 30 s. */
  public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(30);

  private final HttpClient http;
  private final Duration readTimeout;

  /**
   * A fetcher using {@code http} (which should follow redirects: upstream raw files are redirected) with the
   * {@linkplain #DEFAULT_READ_TIMEOUT default read timeout}.
   */
  public DataFetcher(HttpClient http) {
    this(http, DEFAULT_READ_TIMEOUT);
  }

  /**
   * @param http the client (which should follow redirects: upstream raw files are redirected)
   * @param readTimeout how long to wait for the response headers and then for each next byte of the body before
   *     giving the attempt up
   */
  public DataFetcher(HttpClient http, Duration readTimeout) {
    this.http = java.util.Objects.requireNonNull(http, "http");
    if (readTimeout.isNegative() || readTimeout.isZero()) {
      throw new IllegalArgumentException("illegal read timeout " + readTimeout + ": must be positive");
    }
    this.readTimeout = readTimeout;
  }

  /** A fetcher with its own client: redirects followed, 30 s to connect, the default read timeout. */
  public static DataFetcher create() {
    return create(DEFAULT_READ_TIMEOUT);
  }

  /** A fetcher with its own client: redirects followed, 30 s to connect, {@code readTimeout} without a byte. */
  public static DataFetcher create(Duration readTimeout) {
    return new DataFetcher(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
        .connectTimeout(Duration.ofSeconds(30)).build(), readTimeout);
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
    HttpRequest.Builder request = HttpRequest.newBuilder(source).timeout(readTimeout).GET();
    if (have > 0) {
      request.header("Range", "bytes=" + have + "-");
    }
    HttpResponse<Flow.Publisher<List<ByteBuffer>>> response = send(request.build(), file);
    int status = response.statusCode();
    boolean append = have > 0 && status == 206;
    InputStream body = IdleTimeoutBody.of(response.body(), readTimeout);
    if (have > 0 && status == 416 && total.isEmpty()) {
      body.close();                                   // nothing left to send: the .part is complete
      return true;
    }
    if (status != 200 && !append) {
      body.close();
      throw new IOException("cannot fetch " + file.path() + ": " + source + " answered HTTP " + status);
    }
    long done = append ? have : 0;
    listener.started(file, source, done, total);
    StandardOpenOption mode = append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING;
    try (InputStream in = body;
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
    } catch (HttpTimeoutException e) {
      throw new IOException("download of " + file.path() + " from " + source + " stalled: " + e.getMessage()
          + " after " + done + " bytes" + total.stream().mapToObj(t -> " of " + t).findFirst().orElse("")
          + " (--read-timeout); the " + done + " bytes are kept in " + part + ", run the fetch again to continue it",
          e);
    } catch (IOException e) {
      throw new IOException("download of " + file.path() + " from " + source + " broke off after " + done
          + " bytes (" + e.getMessage() + "); run the fetch again to continue it", e);
    }
    listener.progress(file, done, total);
    return append;
  }

  private HttpResponse<Flow.Publisher<List<ByteBuffer>>> send(HttpRequest request, DataFile file)
      throws IOException {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofPublisher());
    } catch (HttpConnectTimeoutException e) {
      throw offline(request, file, e);
    } catch (HttpTimeoutException e) {
      throw new IOException("cannot fetch " + file.path() + ": " + request.uri() + " sent no response headers within "
          + readTimeout.toMillis() + " ms (--read-timeout); run the fetch again to retry", e);
    } catch (ConnectException | UnresolvedAddressException e) {
      throw offline(request, file, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while fetching " + file.path(), e);
    }
  }

  private static IOException offline(HttpRequest request, DataFile file, Exception e) {
    return new IOException("cannot reach " + request.uri().getHost() + " to fetch " + file.path()
        + " (offline?): clarq data fetch needs network access to the data set's origin, or --mirror URL naming"
        + " a copy it can reach", e);
  }

  private static void moveIntoPlace(Path part, Path target) throws IOException {
    try {
      Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
