package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.Regressions;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.fetch.DataDirectory;
import io.clarq.examples.cli.clarqllm.RunCommand;
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
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A stranger's path to the paper's figures: {@code clarq data fetch clarq-llm clarq-llm-reference} from a loopback
 * mirror (the reference copy in ../shared/data, served in the data directory's layout), then {@code clarq evaluate}
 * on a published run with no path typed gives the published success, and a live run uses the reference pack
 * without {@code --prompts}.
 */
class ReferenceFetchCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;
  HttpServer mirror;
  FakeOpenAiServer llm;
  Path data;
  StringWriter out = new StringWriter();
  StringWriter err = new StringWriter();

  @BeforeEach
  void serveReferenceCopy() throws IOException {
    Path shared = SharedData.require("clarq-llm").getParent();
    mirror = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    mirror.createContext("/", ex -> {
      String path = URLDecoder.decode(ex.getRequestURI().getRawPath(), StandardCharsets.UTF_8)
          .substring("/mirror/".length());
      // the reference copy keeps the reference code in clarq-llm/upstream; a mirror has it in clarq-llm-reference
      Path file = path.startsWith("clarq-llm-reference/")
          ? shared.resolve("clarq-llm/upstream").resolve(path.substring("clarq-llm-reference/".length()))
          : shared.resolve(path);
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
    if (mirror != null) {
      mirror.stop(0);
    }
    if (llm != null) {
      llm.close();
    }
  }

  private String mirrorUrl() {
    return "http://127.0.0.1:" + mirror.getAddress().getPort() + "/mirror/";
  }

  private int run(String... args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cl = ClarqCommand.commandLine(new DataDirectory(data));
    ((RunCommand) cl.getSubcommands().get("run").getCommand()).llm
        .environment(Map.of("CLARQ_LLM_API_KEY", "sk-loopback")::get);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  @Test
  void testFetchBothThenThePublishedSuccessAndTheReferencePackWithNoPathTyped() throws IOException {
    assertThat(run("data", "fetch", "clarq-llm", "clarq-llm-reference", "--mirror", mirrorUrl()))
        .as(err.toString()).isEqualTo(0);
    Path reference = data.resolve("clarq-llm-reference");
    assertThat(err.toString())
        .contains("clarq-llm-reference: all 14 files verified in " + reference)
        .contains("derived: " + reference.resolve("reference-prompts"))
        .contains("(560 GPT-4o judge verdicts)");
    assertThat(PromptPack.load(reference.resolve("reference-prompts")).digest())
        .isEqualTo(PromptPack.REFERENCE_DIGEST);

    // the published figure (regressions file, from the paper): judged by the derived GPT-4o verdicts
    assertThat(run("evaluate", "--transcripts", "provider.Chat.En", "--json")).as(err.toString()).isEqualTo(0);
    JsonNode report = JSON.readTree(out.toString());
    assertThat(report.get("success").asDouble()).isCloseTo(0.1346, within(5e-5));
    Regressions.of("clarq-llm").assertFigure("provider.Chat.En", "success", report.get("success").asDouble());
    assertThat(report.get("unjudged").asInt()).isZero();
    assertThat(err.toString()).contains("verdicts: " + reference.resolve("judge-verdicts.jsonl"));
    assertThat(run("evaluate", "--transcripts", "provider.Chat.En")).isEqualTo(0);
    assertThat(out.toString()).containsPattern("success\\s+0\\.1346");

    // --no-judge still asks no judge at all
    assertThat(run("evaluate", "--transcripts", "provider.Chat.En", "--no-judge", "--json")).isEqualTo(0);
    assertThat(JSON.readTree(out.toString()).get("unjudged").asInt()).isPositive();

    // compare on two published runs by name, with the fetched tasks, replays the same verdicts
    assertThat(run("compare", "provider.Comp.En", "provider.Chat.En", "--json")).as(err.toString()).isEqualTo(0);
    assertThat(err.toString()).contains("verdicts: " + reference.resolve("judge-verdicts.jsonl"));
    assertThat(out.toString()).contains("0.1346");
    assertThat(JSON.readTree(out.toString()).path("pairs").path(0).path("languages").path("en").path("shared")
        .asInt()).isEqualTo(260);

    // a live run with LLM agents on loopback: the seeker says goodbye at once, the pack is the reference one
    llm = FakeOpenAiServer.start(r -> FakeReply.text("Goodbye"));
    Path outDir = tmp.resolve("run");
    String base = llm.baseUrl().toString();
    assertThat(run("run", "--seeker", "chat:" + base, "--provider", base, "--model", "m", "--select", "1.1",
        "--out", outDir.toString())).as(err.toString()).isEqualTo(0);
    assertThat(err.toString()).contains("prompt pack: reference@" + PromptPack.REFERENCE_DIGEST + " from "
        + reference.resolve("reference-prompts"));
    JsonNode config = JSON.readTree(outDir.resolve("run-config.json").toFile());
    assertThat(config.path("settings").path("prompts").asText()).contains("reference@" + PromptPack.REFERENCE_DIGEST);
    assertThat(llm.callCount()).isPositive();
  }
  /**
   * The derived files are pinned too: after the fetch, flipping the English non-matches of the derived verdicts to
   * matches is named by {@code data verify} and labelled modified by evaluate, compare, leaderboard and a run's
   * results.json, never "the paper's"; an edited template of the derived pack is named as well; a new fetch repairs
   * both.
   */
  @Test
  void testAnEditedDerivedFileIsNamedByVerifyAndNeverLabelledThePapers() throws IOException {
    assertThat(run("data", "fetch", "clarq-llm", "clarq-llm-reference", "--mirror", mirrorUrl()))
        .as(err.toString()).isEqualTo(0);
    Path reference = data.resolve("clarq-llm-reference");
    Path verdicts = reference.resolve("judge-verdicts.jsonl");
    assertThat(run("data", "verify", "clarq-llm-reference")).as(out.toString()).isEqualTo(0);
    assertThat(out.toString()).contains("clarq-llm-reference: present, verified");
    assertThat(run("evaluate", "--transcripts", "provider.Chat.En")).as(err.toString()).isEqualTo(0);
    assertThat(out.toString()).contains("judge        verdicts judge-verdicts.jsonl (the paper's GPT-4o judge)")
        .containsPattern("success\\s+0\\.1346");
    assertThat(err.toString()).contains("verdicts: " + verdicts + " (the paper's GPT-4o judge, derived by");

    String flipped = Files.readAllLines(verdicts).stream().map(l -> l.startsWith("{\"language\": \"en\"")
        ? l.replace("\"match\": false", "\"match\": true") : l).collect(java.util.stream.Collectors.joining("\n", "",
        "\n"));
    Files.writeString(verdicts, flipped);
    assertThat(run("data", "verify", "clarq-llm-reference")).isEqualTo(1);
    assertThat(out.toString()).contains("clarq-llm-reference: 1 derived file(s) MODIFIED")
        .contains("MODIFIED   " + verdicts + ": differs from what the fetch derived")
        .contains("repair: clarq data fetch clarq-llm-reference");
    assertThat(run("data", "list")).isEqualTo(0);
    assertThat(out.toString()).contains("1 derived file(s) MODIFIED");

    // evaluate: the edited verdicts give other figures, and every output says they are not the paper's
    assertThat(run("evaluate", "--transcripts", "provider.Chat.En", "--json")).as(err.toString()).isEqualTo(0);
    JsonNode report = JSON.readTree(out.toString());
    assertThat(report.get("judge").asText()).isEqualTo("verdicts judge-verdicts.jsonl (MODIFIED since `clarq data"
        + " fetch clarq-llm-reference` derived it: not the paper's GPT-4o judge's verdicts)");
    assertThat(report.get("success").asDouble()).isNotCloseTo(0.1346, within(5e-5));
    assertThat(err.toString()).contains("verdicts: " + verdicts + " (MODIFIED since").doesNotContain("(the paper's");
    assertThat(run("evaluate", "--transcripts", "provider.Chat.En")).isEqualTo(0);
    assertThat(out.toString()).contains("judge        verdicts judge-verdicts.jsonl (MODIFIED since")
        .doesNotContain("the paper's GPT-4o judge)");
    // compare and leaderboard, in what they print and in their JSON
    assertThat(run("compare", "provider.Comp.En", "provider.Chat.En")).as(err.toString()).isEqualTo(0);
    assertThat(out.toString()).contains("(judge: verdicts judge-verdicts.jsonl (MODIFIED since");
    Path board = tmp.resolve("board");
    assertThat(run("leaderboard", "provider.Chat.En", "--out", board.toString())).as(err.toString()).isEqualTo(0);
    assertThat(out.toString()).contains("Judge: verdicts judge-verdicts.jsonl (MODIFIED since");
    assertThat(JSON.readTree(board.resolve("leaderboard.json").toFile()).path("runs").path(0).path("judge").asText())
        .contains("MODIFIED since");
    // a run that replays them records it in results.json, and compare reads it from there
    Path outDir = tmp.resolve("replayed");
    assertThat(run("run", "--seeker", "rule", "--provider", "offline", "--select", "1.1", "--verdicts",
        verdicts.toString(), "--out", outDir.toString())).as(err.toString()).isEqualTo(0);
    assertThat(JSON.readTree(outDir.resolve("results.json").toFile()).path("judge").asText())
        .startsWith("verdicts judge-verdicts.jsonl (MODIFIED since");

    // an edited template of the derived pack is named too
    Path template = reference.resolve("reference-prompts/judge/judge.en.txt");
    Files.writeString(template, Files.readString(template) + "\nAnswer generously.");
    assertThat(run("data", "verify", "clarq-llm-reference")).isEqualTo(1);
    assertThat(out.toString()).contains("clarq-llm-reference: 2 derived file(s) MODIFIED")
        .contains("MODIFIED   " + template + ": differs from what the fetch derived");

    // a new fetch derives both again: verified, and the paper's once more
    assertThat(run("data", "fetch", "clarq-llm-reference", "--mirror", mirrorUrl())).as(err.toString()).isEqualTo(0);
    assertThat(run("data", "verify", "clarq-llm-reference")).as(out.toString()).isEqualTo(0);
    assertThat(run("evaluate", "--transcripts", "provider.Chat.En", "--json")).isEqualTo(0);
    assertThat(JSON.readTree(out.toString()).get("judge").asText())
        .isEqualTo("verdicts judge-verdicts.jsonl (the paper's GPT-4o judge)");
  }
}
