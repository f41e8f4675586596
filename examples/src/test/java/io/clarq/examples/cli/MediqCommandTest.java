package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.fetch.DataDirectory;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clarq data fetch mediq} from a loopback mirror (the reference copy in ../shared/data served in the data
 * directory's layout), then {@code clarq mediq run} with no path typed, resumed; {@code clarq mediq conformance} on a
 * trace file and on a copy with one byte changed; {@code clarq mediq evaluate} on a reference output file.
 */
class MediqCommandTest {
  @TempDir Path tmp;
  HttpServer mirror;
  final StringWriter out = new StringWriter();
  final StringWriter err = new StringWriter();

  @AfterEach
  void stop() {
    if (mirror != null) {
      mirror.stop(0);
    }
  }

  private int run(Path data, String... args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cl = ClarqCommand.commandLine(new DataDirectory(data));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  @Test
  void testFetchThenARunWithNoModelAndNoPathTypedResumesToTheSameBytes() throws IOException {
    Path copy = SharedData.require("mediq");     // the reference copy has the data set's layout
    mirror = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    mirror.createContext("/", ex -> {
      String path = URLDecoder.decode(ex.getRequestURI().getRawPath(), StandardCharsets.UTF_8)
          .substring("/mirror/mediq/".length());
      Path file = copy.resolve(path);
      if (!Files.isRegularFile(file)) {
        ex.sendResponseHeaders(404, -1);
      } else {
        byte[] body = Files.readAllBytes(file);
        ex.sendResponseHeaders(200, body.length);
        try (OutputStream o = ex.getResponseBody()) {
          o.write(body);
        }
      }
      ex.close();
    });
    mirror.start();
    Path data = tmp.resolve("data");
    String url = "http://127.0.0.1:" + mirror.getAddress().getPort() + "/mirror/";
    assertThat(run(data, "data", "fetch", "mediq", "--mirror", url)).as(err.toString()).isEqualTo(0);
    assertThat(err.toString()).contains("mediq: all 5 files verified in " + data.resolve("mediq"))
        .contains("derived: " + data.resolve("mediq/reference-prompts"));

    Path runDir = tmp.resolve("run");
    assertThat(run(data, "mediq", "run", "--limit", "3", "--out", runDir.toString())).as(err.toString())
        .isEqualTo(0);
    assertThat(out.toString()).contains("craft_md: 3 cases", "dev_good: 3 cases", "all: 6 cases");
    assertThat(Files.readString(runDir.resolve("run-config.json")))
        .contains("\"cannot_answer\" : \"reference (mediq-reference@");
    byte[] log = Files.readAllBytes(runDir.resolve("consultations.jsonl"));
    String summary = Files.readString(runDir.resolve("summary.md"));
    assertThat(summary).contains("| all | 6 |");
    // a resume with every case done plays nothing and writes the same log
    assertThat(run(data, "mediq", "run", "--limit", "3", "--out", runDir.toString())).isEqualTo(0);
    assertThat(Files.readAllBytes(runDir.resolve("consultations.jsonl"))).isEqualTo(log);
    // another setting into the same folder is refused
    assertThat(run(data, "mediq", "run", "--limit", "3", "--expert-questions", "2", "--out", runDir.toString()))
        .isNotEqualTo(0);
  }

  @Test
  void testConformanceOnATraceAndOnACopyWithOneByteChanged() throws IOException {
    Path traces = SharedData.require("mediq/reference-traces");
    Path upstream = SharedData.require("mediq/upstream");
    String name = "dev_good__ScaleExpert__FactSelectPatient__base.jsonl";
    String text;
    try (InputStream in = new GZIPInputStream(Files.newInputStream(traces.resolve(name + ".gz")))) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    Path dir = Files.createDirectories(tmp.resolve("traces"));
    Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    assertThat(run(tmp, "mediq", "conformance", "--traces", dir.toString(), "--upstream", upstream.toString()))
        .as(err.toString()).isEqualTo(0);
    assertThat(out.toString()).contains("PASS " + name + ": 10/10 cases").contains("PASS: 1/1 files, 10/10 cases");
    int at = text.indexOf("{\"type\": \"request\", \"case_id\": 6,");
    int content = text.indexOf("Question from the doctor", at);   // in a patient request of case 6, if any
    int change = content > 0 && content < text.indexOf("{\"type\": \"output\", \"case_id\": 6,", at) ? content
        : text.indexOf("PATIENT INFORMATION", at);
    String changed = text.substring(0, change) + "q" + text.substring(change + 1);
    Files.writeString(dir.resolve(name), changed, StandardCharsets.UTF_8);
    assertThat(run(tmp, "mediq", "conformance", "--traces", dir.toString(), "--upstream", upstream.toString()))
        .isEqualTo(1);
    assertThat(out.toString()).contains("FAIL " + name + ": 9/10 cases").contains("case 6: request")
        .contains("FAIL: 0/1 files, 9/10 cases");
  }

  @Test
  void testEvaluateScoresAReferenceOutputFile() throws IOException {
    Path traces = SharedData.require("mediq/reference-traces");
    StringBuilder lines = new StringBuilder();
    try (InputStream in = new GZIPInputStream(Files.newInputStream(
        traces.resolve("craft_md__NumericalExpert__InstructPatient__maxq2.jsonl.gz")))) {
      for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (l.startsWith("{\"type\": \"output\"")) {
          lines.append(new com.fasterxml.jackson.databind.ObjectMapper().readTree(l).path("line").asText())
              .append('\n');
        }
      }
    }
    Path f = tmp.resolve("out.jsonl");
    Files.writeString(f, lines, StandardCharsets.UTF_8);
    assertThat(run(tmp, "mediq", "evaluate", "--max-questions", "2", f.toString())).as(err.toString()).isEqualTo(0);
    // the reference run's own counts for this file (its split_stats): 0 correct, 8 timeouts, 28 turns over 10 cases
    assertThat(out.toString()).contains("10 cases, accuracy 0/10 = 0.0000", "timeout rate 8/10 = 0.8000",
        "avg. turns 2.8000");
  }
}
