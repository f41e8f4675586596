package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.clarq.core.testing.Regressions;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.fetch.DataDirectory;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A fresh machine's path: {@code clarq data fetch clarq-llm} from a loopback mirror of the reference copy, then
 * {@code clarq evaluate} on a published run named alone, with no path typed.
 */
class DataCommandTest {
  @TempDir Path tmp;
  HttpServer mirror;
  Path data;
  StringWriter out = new StringWriter();
  StringWriter err = new StringWriter();

  @BeforeEach
  void serveReferenceCopy() throws IOException {
    Path shared = SharedData.require("clarq-llm").getParent();
    mirror = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    mirror.createContext("/", ex -> {
      Path file = shared.resolve(URLDecoder.decode(ex.getRequestURI().getRawPath(), StandardCharsets.UTF_8)
          .substring("/mirror/".length()));
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
    data = tmp.resolve("data");
  }

  @AfterEach
  void stop() {
    if (mirror != null) { // null when the reference data was missing and the set-up skipped the test
      mirror.stop(0);
    }
  }

  private String mirrorUrl() {
    return "http://127.0.0.1:" + mirror.getAddress().getPort() + "/mirror/";
  }

  private int run(String... args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cl = ClarqCommand.commandLine(new DataDirectory(data));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  @Test
  void testFetchThenEvaluateWithNoPathTyped() throws IOException {
    assertThat(run("evaluate", "--transcripts", "provider.Chat.En")).isEqualTo(2);
    assertThat(err.toString()).contains("run `clarq data fetch clarq-llm`");

    assertThat(run("data", "fetch", "clarq-llm", "--mirror", mirrorUrl())).as(err.toString()).isEqualTo(0);
    assertThat(err.toString())
        .contains("[68/68] transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_provider.Comp.En.json: downloaded, verified")
        .contains("not fetched: judge-verdicts.jsonl")
        .contains("clarq-llm: all 68 files verified in " + data.resolve("clarq-llm"));

    assertThat(run("evaluate", "--transcripts", "provider.Chat.En", "--json")).as(err.toString()).isEqualTo(0);
    JsonNode report = new ObjectMapper().readTree(out.toString());
    // AQD and AQL need no judge: the published figures
    assertThat(report.get("dialogues").asInt()).isEqualTo(260);
    Regressions.of("clarq-llm").assertFigure("provider.Chat.En", "aqd", report.get("aqd").asDouble());
    Regressions.of("clarq-llm").assertFigure("provider.Chat.En", "aql", report.get("aql").asDouble());

    assertThat(run("data", "list")).isEqualTo(0);
    assertThat(out.toString()).containsPattern("clarq-llm +68 +\\d+\\.\\d MB +present, verified +MIT")
        .containsPattern("clariq +\\d+ +\\d+\\.\\d MB +not fetched");

    assertThat(run("data", "fetch", "clarq-llm", "--mirror", mirrorUrl())).isEqualTo(0);
    assertThat(err.toString()).contains("[68/68] transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_provider.Comp.En.json:"
        + " already verified");
  }

  @Test
  void testVerifyNamesAChangedFile() throws IOException {
    assertThat(run("data", "fetch", "clarq-llm", "--dir", data.toString(), "--mirror", mirrorUrl())).isEqualTo(0);
    assertThat(run("data", "verify")).isEqualTo(0);
    assertThat(out.toString()).isEqualTo("clarq-llm: present, verified\n");
    Path file = data.resolve("clarq-llm/tasks/English/3._Stealth_Mission.json");
    Files.writeString(file, "[]", StandardCharsets.UTF_8);
    assertThat(run("data", "verify", "clarq-llm")).isEqualTo(1);
    assertThat(out.toString()).contains("clarq-llm: 1 file(s) MISMATCH")
        .contains("MISMATCH   " + file + ": expected SHA-256 ")
        .contains("  repair: clarq data fetch clarq-llm (downloads the missing and differing files again)");
    assertThat(run("data", "fetch", "clarq-llm", "--dir", data.toString(), "--mirror", mirrorUrl())).isEqualTo(0);
    assertThat(run("data", "verify", "clarq-llm")).isEqualTo(0);
  }

  @Test
  void testUnknownDataSetAndOffline() {
    assertThat(run("data", "fetch", "msmarco")).isEqualTo(2);
    assertThat(err.toString()).contains("unknown data set \"msmarco\"; known: clarq-llm, clariq");
    mirror.stop(0);
    assertThat(run("data", "fetch", "cacm", "--mirror", mirrorUrl())).isEqualTo(1);
    assertThat(err.toString()).contains("(offline?)").contains("--mirror URL");
  }

  @Test
  void testVersionComesFromTheBuild() {
    assertThat(run("--version")).isEqualTo(0);
    assertThat(out.toString().strip()).isEqualTo("clarq " + io.clarq.core.build.ClarqBuild.current())
        .matches("clarq \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(([0-9a-f]{12}(, modified)?|revision unknown)\\)");
  }
}
