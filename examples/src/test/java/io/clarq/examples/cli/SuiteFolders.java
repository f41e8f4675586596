package io.clarq.examples.cli;

import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.SharedData;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.datasets.fetch.DataDirectory;
import io.clarq.datasets.toa.FlmJsonl;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import picocli.CommandLine;

/**
 * Suite folders for the scorecard tests, each entry written by its benchmark's own command, offline: a ClarQ-LLM demo
 * run, a MediQ run of the offline expert and patient, a TOA run of the repeater asker with a scripted primary model
 * on the loopback fake server, and a CQ judging run of template questions rated by a scripted judge. Needs the shared
 * data (MediQ, HotpotQA, ClariQ-FKw); a test that uses it skips without.
 */
final class SuiteFolders {
  private SuiteFolders() {}

  /** The entry ids, in the order written. */
  static final java.util.List<String> ENTRIES = java.util.List.of("clarq-llm", "mediq", "toa", "cq");

  /**
   * Writes a suite folder into {@code dir}: {@code suite.json} naming {@code agent}, then one run folder per entry.
   *
   * @param limit how many items the MediQ, TOA and CQ entries hold
   * @param questions how many questions the offline MediQ expert asks (agents that differ in it differ in outcome)
   * @param trials how many trials the MediQ entry plays
   * @param servers the TOA primary model and the CQ judge, shared by every suite of a test so their setups match
   */
  static Path write(Path dir, String name, String agent, int limit, int questions, int trials, Servers servers)
      throws Exception {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("suite.json"), "{\n  \"name\" : \"" + name + "\",\n  \"agent\" : \"" + agent
        + "\",\n  \"note\" : \"written by the scorecard tests\"\n}\n");
    Path data = SharedData.root();
    run(data, "demo", "--out", dir.resolve("clarq-llm").toString());
    run(data, "mediq", "run", "--limit", String.valueOf(limit), "--expert-questions", String.valueOf(questions),
        "--trials", String.valueOf(trials), "--out", dir.resolve("mediq").toString());
    Path flm = dir.resolve("flm.jsonl.tmp");
    run(data, "flm", "make", "--hotpot", SharedData.require("hotpotqa/hotpot_dev_distractor_first53.json")
        .toString(), "--seed", "42", "--out", flm.toString());
    Files.write(flm, Files.readAllLines(flm).subList(0, limit));
    FlmJsonl.read(flm).forEach(e -> servers.examples().put(e.question(), e));
    run(data, "toa", "run", "--flm", flm.toString(), "--asker", "repeater", "--oracle", "offline", "--primary",
        servers.primary().baseUrl().toString(), "--out", dir.resolve("toa").toString());
    Files.delete(flm);
    Path gen = dir.resolve("cq-generate.tmp");
    run(data, "cq", "generate", "--data", SharedData.require("clariq-fkw").toString(), "--split", "dev",
        "--generator", "template", "--limit", String.valueOf(limit), "--out", gen.toString());
    run(data, "cq", "judge", "--in", gen.toString(), "--judge", "openai:judge-model", "--base-url",
        servers.judge().baseUrl().toString(), "--out", dir.resolve("cq").toString());
    deleteTree(gen);
    return dir;
  }

  /**
   * The loopback models the suites share: a TOA primary model that gives the gold answer when the masked fact is in
   * its context (so the repeater asker recovers it where the offline oracle returns that fact), and a CQ judge that
   * rates a question by its length.
   *
   * @param examples the FLM examples of the suites written so far, by question
   */
  record Servers(FakeOpenAiServer primary, FakeOpenAiServer judge,
      Map<String, FlmExample> examples) implements AutoCloseable {
    static Servers start() {
      Map<String, FlmExample> examples = new ConcurrentHashMap<>();
      return new Servers(FakeOpenAiServer.start(r -> {
        String prompt = r.lastUserMessage();
        int q = prompt.lastIndexOf("\n\nQuestion: ");
        int end = prompt.indexOf("\nAnswer in as");
        FlmExample e = q < 0 || end < q ? null : examples.get(prompt.substring(q + 12, end));
        return FakeReply.text(e != null && prompt.substring(0, q).contains(e.maskedFact().text().strip())
            ? e.answer() : "unknown");
      }), FakeOpenAiServer.start(r -> {
        int length = r.messages().get(r.messages().size() - 1).content().length();
        return FakeReply.text("{\"naturalness\": \"Good\", \"naturalness_reason\": \"fluent\","
            + " \"usefulness\": \"" + (length % 3 == 0 ? "Good" : length % 3 == 1 ? "Fair" : "Bad")
            + "\", \"usefulness_reason\": \"apt\"}");
      }), examples);
    }

    @Override
    public void close() {
      primary.close();
      judge.close();
    }
  }

  /** Runs {@code clarq ARGS} with {@code data} as the data directory; an exit code other than 0 throws. */
  static void run(Path data, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = ClarqCommand.commandLine(new DataDirectory(data));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    if (code != 0) {
      throw new IllegalStateException("clarq " + String.join(" ", args) + " exited " + code + ": " + err);
    }
  }

  private static void deleteTree(Path dir) throws java.io.IOException {
    try (var s = Files.walk(dir)) {
      for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
