package io.clarq.datasets.fetch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fetching a small fixture data set from a loopback mirror: fetch, resume, corrupt file, offline. */
class DataFetcherTest {
  static final byte[] TASKS = repeat("{\"task\": \"gather\"}\n", 5000);    // 100,000 bytes
  static final byte[] RUN = "line one\nline two\n".getBytes(StandardCharsets.UTF_8);
  static final String TASKS_PATH = "tasks/English/1._Gather_Resources.json";
  static final String RUN_PATH = "transcripts/运行.json";                    // non-ASCII: percent-encoded on the wire

  @TempDir Path tmp;
  FixtureServer server;
  DataDirectory dir;
  Events events;

  @BeforeEach
  void start() throws IOException {
    server = new FixtureServer();
    server.put("fixture/" + TASKS_PATH, TASKS);
    server.put("fixture/" + RUN_PATH, RUN);
    dir = new DataDirectory(tmp.resolve("data"));
    events = new Events();
  }

  @AfterEach
  void stop() throws IOException {
    server.close();
  }

  static DataSet fixture(DataFile... files) {
    return new DataSet("fixture", "a fixture", "MIT", "https://example.org", "owner/repo", "abc1234",
        URI.create("https://example.invalid/raw/abc1234/"), List.of(), List.of(), List.of(files));
  }

  static DataFile pinned(String path, byte[] content) {
    return new DataFile(path, path, null, OptionalLong.of(content.length), Optional.of(sha256(content)));
  }

  DataSet pinnedFixture() {
    return fixture(pinned(TASKS_PATH, TASKS), pinned(RUN_PATH, RUN));
  }

  void fetch(DataSet set) throws IOException {
    DataFetcher.create().fetch(set, dir, Optional.of(server.base()), events);
  }

  @Test
  void testFetchVerifiesAndSkipsWhatIsThere() throws IOException {
    fetch(pinnedFixture());
    assertThat(dir.folder("fixture").resolve(TASKS_PATH)).hasBinaryContent(TASKS);
    assertThat(dir.folder("fixture").resolve(RUN_PATH)).hasBinaryContent(RUN);
    assertThat(events.finished).containsExactly(TASKS_PATH + " DOWNLOADED", RUN_PATH + " DOWNLOADED");
    assertThat(events.progress).contains(TASKS_PATH + " " + TASKS.length);
    try (var files = Files.walk(dir.root())) {
      assertThat(files.filter(p -> p.toString().endsWith(".part"))).isEmpty();
    }

    events = new Events();
    server.requests.clear();
    fetch(pinnedFixture());
    assertThat(server.requests).isEmpty();
    assertThat(events.finished).containsExactly(TASKS_PATH + " ALREADY_VERIFIED", RUN_PATH + " ALREADY_VERIFIED");
    assertThat(DataFetcher.verify(pinnedFixture(), dir)).extracting(FileCheck::status)
        .containsOnly(FileCheck.Status.VERIFIED);
  }

  @Test
  void testResumesAfterACutConnection() throws IOException {
    server.cutNextAfter("fixture/" + TASKS_PATH, 40_000);
    assertThatThrownBy(() -> fetch(pinnedFixture()))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("download of " + TASKS_PATH)
        .hasMessageContaining("run the fetch again to continue it");
    Path part = dir.folder("fixture").resolve(TASKS_PATH + ".part");
    assertThat(part).exists();
    long kept = Files.size(part);
    assertThat(kept).isPositive().isLessThan(TASKS.length);
    assertThat(dir.folder("fixture").resolve(TASKS_PATH)).doesNotExist();

    server.requests.clear();
    fetch(pinnedFixture());
    assertThat(server.requests.get(0)).isEqualTo("/mirror/fixture/" + TASKS_PATH + " bytes=" + kept + "-");
    assertThat(dir.folder("fixture").resolve(TASKS_PATH)).hasBinaryContent(TASKS);
    assertThat(part).doesNotExist();
    assertThat(events.finished).containsExactly(TASKS_PATH + " RESUMED", RUN_PATH + " DOWNLOADED");
  }

  @Test
  void testAStalledDownloadTimesOutKeepsItsPartAndResumes() throws IOException {
    server.stallNextAfter("fixture/" + TASKS_PATH, 40_000);
    Path part = dir.folder("fixture").resolve(TASKS_PATH + ".part");
    String url = server.base() + "fixture/" + TASKS_PATH;
    DataFetcher fetcher = DataFetcher.create(Duration.ofMillis(500));
    assertThatThrownBy(() -> fetcher.fetch(pinnedFixture(), dir, Optional.of(server.base()), events))
        .isInstanceOf(IOException.class)
        .hasMessage("download of " + TASKS_PATH + " from " + url + " stalled: no byte arrived for 0.5 s after 40000"
            + " bytes of " + TASKS.length + " (--read-timeout); the 40000 bytes are kept in " + part
            + ", run the fetch again to continue it");
    assertThat(Files.size(part)).isEqualTo(40_000);
    assertThat(dir.folder("fixture").resolve(TASKS_PATH)).doesNotExist();

    server.releaseStall();
    server.requests.clear();
    fetcher.fetch(pinnedFixture(), dir, Optional.of(server.base()), events);
    assertThat(server.requests.get(0)).isEqualTo("/mirror/fixture/" + TASKS_PATH + " bytes=40000-");
    assertThat(dir.folder("fixture").resolve(TASKS_PATH)).hasBinaryContent(TASKS);
    assertThat(part).doesNotExist();
  }

  @Test
  void testReadTimeoutMustBePositive() {
    assertThatThrownBy(() -> DataFetcher.create(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal read timeout PT0S: must be positive");
  }

  @Test
  void testRefusesACorruptFileAndKeepsWhatWasVerified() throws IOException {
    fetch(fixture(pinned(TASKS_PATH, TASKS)));
    byte[] corrupt = RUN.clone();
    corrupt[0] = 'L';
    server.put("fixture/" + RUN_PATH, corrupt);

    assertThatThrownBy(() -> fetch(pinnedFixture()))
        .isInstanceOf(ChecksumMismatchException.class)
        .hasMessageContaining(Path.of("fixture", RUN_PATH).toString())
        .hasMessageContaining("expected SHA-256 " + sha256(RUN))
        .hasMessageContaining("actual " + sha256(corrupt));
    assertThat(dir.folder("fixture").resolve(TASKS_PATH)).hasBinaryContent(TASKS);
    assertThat(dir.folder("fixture").resolve(RUN_PATH)).doesNotExist();
    assertThat(dir.folder("fixture").resolve(RUN_PATH + ".part")).doesNotExist();
    assertThat(DataFetcher.verify(pinnedFixture(), dir)).extracting(FileCheck::status)
        .containsExactly(FileCheck.Status.VERIFIED, FileCheck.Status.MISSING);
  }

  @Test
  void testVerifyNamesAChangedFile() throws IOException {
    fetch(pinnedFixture());
    Path run = dir.folder("fixture").resolve(RUN_PATH);
    Files.writeString(run, "line ONE\nline two\n", StandardCharsets.UTF_8);   // same size, other bytes
    FileCheck check = DataFetcher.verify(pinnedFixture(), dir).get(1);
    assertThat(check.status()).isEqualTo(FileCheck.Status.MISMATCH);
    assertThat(check.describe()).contains(run.toString()).contains("expected SHA-256 " + sha256(RUN))
        .contains("actual " + sha256(Files.readAllBytes(run)));
  }

  @Test
  void testOfflineRefusal() throws IOException {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = s.getLocalPort();
    }
    URI nowhere = URI.create("http://127.0.0.1:" + closedPort + "/");
    assertThatThrownBy(() -> DataFetcher.create().fetch(pinnedFixture(), dir, Optional.of(nowhere), events))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("cannot reach 127.0.0.1 to fetch " + TASKS_PATH + " (offline?)")
        .hasMessageContaining("--mirror URL");
    assertThat(dir.folder("fixture").resolve(TASKS_PATH)).doesNotExist();
  }

  @Test
  void testUnpinnedFileIsRecordedAtFirstFetch() throws IOException {
    DataSet set = fixture(new DataFile(RUN_PATH, RUN_PATH, null, OptionalLong.empty(), Optional.empty()));
    fetch(set);
    Path run = dir.folder("fixture").resolve(RUN_PATH);
    assertThat(run.resolveSibling(run.getFileName() + ".sha256")).content(StandardCharsets.UTF_8)
        .startsWith(sha256(RUN) + "  ");
    assertThat(DataFetcher.verify(set, dir).get(0).status()).isEqualTo(FileCheck.Status.VERIFIED);
    Files.writeString(run, "changed", StandardCharsets.UTF_8);
    assertThat(DataFetcher.verify(set, dir).get(0).status()).isEqualTo(FileCheck.Status.MISMATCH);
  }

  @Test
  void testHttpErrorNamesTheAddress() {
    DataSet set = fixture(pinned("absent.txt", RUN));
    assertThatThrownBy(() -> fetch(set)).isInstanceOf(IOException.class)
        .hasMessage("cannot fetch absent.txt: " + server.base() + "fixture/absent.txt answered HTTP 404");
  }

  static final class Events implements FetchListener {
    final List<String> finished = new ArrayList<>();
    final List<String> progress = new ArrayList<>();

    @Override
    public void progress(DataFile file, long done, OptionalLong total) {
      progress.add(file.path() + " " + done);
    }

    @Override
    public void finished(DataFile file, Outcome outcome) {
      finished.add(file.path() + " " + outcome);
    }
  }

  static byte[] repeat(String s, int times) {
    return s.repeat(times).getBytes(StandardCharsets.UTF_8);
  }

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
