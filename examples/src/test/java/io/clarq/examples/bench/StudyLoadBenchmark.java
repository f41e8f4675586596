package io.clarq.examples.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.serve.study.Study;
import io.clarq.serve.study.StudyHost;
import io.clarq.serve.study.StudySpec;
import io.clarq.serve.study.StudyStore;
import io.clarq.serve.study.web.StudyServer;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The study server under load: 50 simulated participants play at once over loopback HTTP against the offline provider,
 * each 4 demo dialogues of 6 lines (the last a goodbye), as a browser does it (the page's form fields, a POST, the
 * page it is sent back to). A turn's time is the POST (the line stored, the provider asked, its reply stored) plus the
 * page shown after it. At the end every turn is counted in the database: each posted line and each reply must be
 * there. Prints the p50, p95 and max turn time, and the machine's load.
 *
 * <pre>
 * mvn -B -q -pl examples -am test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.clarq.examples.bench.StudyLoadBenchmark [-Dexec.args="PARTICIPANTS"]
 * </pre>
 */
public final class StudyLoadBenchmark {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> LINES = List.of("Hello Jax, can you help me with my task?",
      "What is the first step?", "Where do I go next?", "What do I need to bring?", "Is there anything else?",
      "Goodbye.");
  private static final int DIALOGUES = 4;

  private StudyLoadBenchmark() {}

  public static void main(String[] args) throws Exception {
    int participants = args.length > 0 ? Integer.parseInt(args[0]) : 50;
    Path root = Files.createTempDirectory("clarq-study-load");
    String admin = StudyServer.newAdminToken();
    try (StudyHost host = new StudyHost(root)) {
      host.create(StudySpec.parse(JSON.readTree("{\"name\":\"load\",\"mode\":\"human-seeker\",\"participants\":"
          + participants + ",\"per_participant\":" + DIALOGUES + ",\"tasks\":{\"source\":\"demo\",\"language\":\"en\","
          + "\"ids\":[\"1.0\",\"1.1\",\"1.2\",\"1.3\",\"1.4\",\"1.5\",\"1.6\",\"1.7\",\"1.8\",\"1.9\"]}}"), null));
      Study study = host.find("load").orElseThrow().study();
      try (StudyServer server = StudyServer.start(host, admin, "127.0.0.1", 0)) {
        String origin = "http://127.0.0.1:" + server.port();
        HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .executor(Executors.newFixedThreadPool(8, named("study-load-http"))).build();
        List<Long> turnNanos = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger posted = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService people = Executors.newFixedThreadPool(participants, named("study-load-participant"));
        List<Future<?>> done = new ArrayList<>();
        for (StudyStore.Participant p : study.store().participants()) {
          String base = origin + study.linkPath(p.token());
          done.add(people.submit(() -> {
            start.await();
            for (int n = 1; n <= DIALOGUES; n++) {
              String page = base + "/" + n;
              for (String line : LINES) {
                JsonNode state = JSON.readTree(get(http, page + "/state.json"));
                long t0 = System.nanoTime();
                String form = "csrf=" + enc(state.get("csrf").asText()) + "&shown=" + state.get("shown").asLong()
                    + "&line=" + enc(line);
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(page + "/say"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 303) {
                  throw new IllegalStateException("POST " + page + "/say: HTTP " + r.statusCode());
                }
                get(http, origin + r.headers().firstValue("Location").orElseThrow());
                turnNanos.add(System.nanoTime() - t0);
                posted.incrementAndGet();
              }
            }
            return null;
          }));
        }
        long wall0 = System.nanoTime();
        start.countDown();
        for (Future<?> f : done) {
          f.get();
        }
        double wall = (System.nanoTime() - wall0) / 1e9;
        people.shutdown();
        int stored = study.store().turnCount();
        int dialogues = participants * DIALOGUES;
        // per dialogue: the opening, every line posted, a reply to each but the goodbye
        int expected = dialogues * (1 + LINES.size() + LINES.size() - 1);
        List<Long> sorted = new ArrayList<>(turnNanos);
        Collections.sort(sorted);
        System.out.printf(Locale.ROOT, "%d participants at once, %d dialogues, %d lines posted in %.1f s (%d cores,"
            + " load average %.2f)%n", participants, dialogues, posted.get(), wall,
            Runtime.getRuntime().availableProcessors(), ManagementFactory.getOperatingSystemMXBean()
                .getSystemLoadAverage());
        System.out.printf(Locale.ROOT, "turn time (POST + page shown after): p50 %.1f ms, p95 %.1f ms, max %.1f ms%n",
            ms(sorted, 0.50), ms(sorted, 0.95), sorted.get(sorted.size() - 1) / 1e6);
        System.out.printf(Locale.ROOT, "turns in the database: %d (expected %d: %s)%n", stored, expected,
            stored == expected ? "every turn stored" : "MISSING TURNS");
        if (stored != expected) {
          System.exit(1);
        }
      }
    }
  }

  private static double ms(List<Long> sorted, double q) {
    int i = (int) Math.ceil(q * sorted.size()) - 1;   // nearest rank
    return sorted.get(Math.max(0, i)) / 1e6;
  }

  private static String get(HttpClient http, String url) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IllegalStateException("GET " + url + ": HTTP " + r.statusCode());
    }
    return r.body();
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private static java.util.concurrent.ThreadFactory named(String name) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, name + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
