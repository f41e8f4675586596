package io.clarq.examples.cli;

import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.fetch.DataDirectory;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
   * @param servers the TOA primary model and the CQ judge, shared by every suite of a test so their setups match
   */
  static Path write(Path dir, String name, String agent, int limit, int questions, Servers servers)
      throws Exception {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("suite.json"), "{\n  \"name\" : \"" + name + "\",\n  \"agent\" : \"" + agent
        + "\",\n  \"note\" : \"written by the scorecard tests\"\n}\n");
    Path data = SharedData.root();
    run(data, "demo", "--out", dir.resolve("clarq-llm").toString());
    run(data, "mediq", "run", "--limit", String.valueOf(limit), "--expert-questions", String.valueOf(questions),
        "--out", dir.resolve("mediq").toString());
    Path flm = dir.resolve("flm.jsonl.tmp");
    run(data, "flm", "make", "--hotpot", SharedData.require("hotpotqa/hotpot_dev_distractor_first53.json")
        .toString(), "--seed", "42", "--out", flm.toString());
    Files.write(flm, Files.readAllLines(flm).subList(0, limit));
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
   * The loopback models the suites share: a TOA primary model that names the first word of the question's last
   * sentence as its answer (right on some examples), and a CQ judge that rates a question by its length.
   */
  record Servers(FakeOpenAiServer primary, FakeOpenAiServer judge) implements AutoCloseable {
    static Servers start() {
      return new Servers(FakeOpenAiServer.start(r -> {
        String last = r.messages().get(r.messages().size() - 1).content().trim();
        String[] words = last.split("\\s+");
        return FakeReply.text(words[words.length - 1].replaceAll("[^A-Za-z0-9]", ""));
      }), FakeOpenAiServer.start(r -> {
        int length = r.messages().get(r.messages().size() - 1).content().length();
        return FakeReply.text("{\"naturalness\": \"Good\", \"naturalness_reason\": \"fluent\","
            + " \"usefulness\": \"" + (length % 3 == 0 ? "Good" : length % 3 == 1 ? "Fair" : "Bad")
            + "\", \"usefulness_reason\": \"apt\"}");
      }));
    }

    @Override
    public void close() {
      primary.close();
      judge.close();
    }
  }

  private static void run(Path data, String... args) {
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
