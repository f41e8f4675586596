package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.datasets.fetch.DataDirectory;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clarq mediq run} with no model (the model-free expert against the offline patient) on both data sets, here
 * small synthetic case files in the MediQ format so the test runs everywhere: it writes results.json, summary.md and
 * report.html; killed and resumed, and sharded then merged ({@code clarq mediq merge}), it gives the same bytes
 * (results.json: but for its start, end and wall time); merging again is a no-op; a shard edited since it ran is
 * refused. The fetch from a loopback mirror is {@link MediqCommandTest}'s.
 */
class MediqMergeCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;
  final StringWriter out = new StringWriter();
  final StringWriter err = new StringWriter();

  private int run(String... args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    CommandLine cl = ClarqCommand.commandLine(new DataDirectory(tmp.resolve("no-data")));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  // a case in MediQ's format, in our own words
  private static String caseLine(int id, String complaint, String answer) {
    ObjectNode o = JSON.createObjectNode().put("id", id).put("question", "Which condition best explains the "
        + complaint + "?");
    o.putArray("context").add("A " + (20 + id) + "-year-old visits the clinic with " + complaint + ".")
        .add("The symptoms began " + (id + 2) + " days ago.").add("A blood test shows a raised count.");
    ObjectNode options = o.putObject("options");
    options.put("A", "Seasonal allergy").put("B", answer).put("C", "Muscle strain").put("D", "Dehydration");
    o.put("answer", answer).put("answer_idx", "B");
    o.putArray("facts").add("The patient is " + (20 + id) + " years old.").add("The patient has " + complaint + ".")
        .add("The symptoms began " + (id + 2) + " days ago.").add("A blood test shows a raised count.");
    o.putNull("patient");
    return o.toString();
  }

  private Path data() throws IOException {
    Path d = Files.createDirectories(tmp.resolve("data"));
    Files.write(d.resolve("all_craft_md.jsonl"), List.of(caseLine(0, "a fever and a cough", "Pneumonia"),
        caseLine(1, "a burning pain when urinating", "Urinary infection"), caseLine(2, "a rash after a hike",
            "Tick-borne infection"), caseLine(3, "chest pain on exertion", "Angina"),
        caseLine(4, "a painful swollen knee", "Septic arthritis")), StandardCharsets.UTF_8);
    Files.write(d.resolve("all_dev_good.jsonl"), List.of(caseLine(10, "headaches in the morning", "Hypertension"),
        caseLine(11, "tiredness and pale skin", "Anaemia"), caseLine(12, "thirst and frequent urination",
            "Diabetes")), StandardCharsets.UTF_8);
    return d;
  }

  private static ObjectNode withoutTimes(Path run) throws IOException {
    ObjectNode root = (ObjectNode) JSON.readTree(run.resolve("results.json").toFile());
    root.remove(List.of("started", "finished", "wall_seconds"));
    ((ObjectNode) root.path("settings")).remove("concurrency");
    return root;
  }

  @Test
  void testARunWithNoModelKilledAndResumedAndShardedAndMergedGivesTheSameBytes() throws IOException {
    String d = data().toString();
    Path whole = tmp.resolve("whole");
    assertThat(run("mediq", "run", "--patient", "offline", "--data", d, "--out", whole.toString()))
        .as(err.toString()).isZero();
    assertThat(out.toString()).contains("craft_md: 5 cases", "dev_good: 3 cases", "all: 8 cases");
    for (String f : List.of("consultations.jsonl", "results.json", "summary.md", "report.html")) {
      assertThat(whole.resolve(f)).isNotEmptyFile();
    }
    assertThat(Files.readString(whole.resolve("summary.md"))).contains("| craft_md | 5 |", "| dev_good | 3 |",
        "| all | 8 |");
    byte[] log = Files.readAllBytes(whole.resolve("consultations.jsonl"));
    String[] lines = new String(log, StandardCharsets.UTF_8).split("\n");
    assertThat(lines).hasSize(8);

    // killed while writing the fourth case: three whole lines and a torn one; the same command resumes it
    Path killed = Files.createDirectories(tmp.resolve("killed"));
    Files.copy(whole.resolve("run-config.json"), killed.resolve("run-config.json"));
    Files.writeString(killed.resolve("consultations.jsonl"), lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n"
        + lines[3].substring(0, 25), StandardCharsets.UTF_8);
    assertThat(run("mediq", "run", "--patient", "offline", "--data", d, "--resume", "--out", killed.toString()))
        .as(err.toString()).isZero();
    assertThat(Files.readAllBytes(killed.resolve("consultations.jsonl"))).isEqualTo(log);
    assertThat(withoutTimes(killed)).isEqualTo(withoutTimes(whole));
    assertThat(Files.readString(killed.resolve("summary.md"))).isEqualTo(Files.readString(whole.resolve("summary.md")));

    // two shards (--out with {shard}), merged
    Path shards = tmp.resolve("shards");
    for (String s : List.of("1/2", "2/2")) {
      assertThat(run("mediq", "run", "--data", d, "--shard", s, "--out", shards.resolve("s{shard}").toString()))
          .as(err.toString()).isZero();
    }
    Path merged = tmp.resolve("merged");
    assertThat(run("mediq", "merge", shards.resolve("s1").toString(), shards.resolve("s2").toString(), "--data", d,
        "--out", merged.toString())).as(err.toString()).isZero();
    assertThat(out.toString()).contains("all: 8 cases", "merged 2 shards into " + merged);
    assertThat(Files.readAllBytes(merged.resolve("consultations.jsonl"))).isEqualTo(log);
    ObjectNode mergedResults = withoutTimes(merged);
    assertThat(mergedResults).isEqualTo(withoutTimes(whole));
    assertThat(Files.readString(merged.resolve("summary.md"))).isEqualTo(Files.readString(whole.resolve("summary.md")));
    assertThat(merged.resolve("report.html")).isNotEmptyFile();

    // the same merge again, given the shards' parent: nothing done, the files as they were
    byte[] results = Files.readAllBytes(merged.resolve("results.json"));
    assertThat(run("mediq", "merge", shards.toString(), "--data", d, "--out", merged.toString()))
        .as(err.toString()).isZero();
    assertThat(err.toString()).contains("already holds this merge of the 2 shards", "nothing to do");
    assertThat(Files.readAllBytes(merged.resolve("results.json"))).isEqualTo(results);

    // a shard's log edited since its run ended (one case's gold letter changed): refused, naming the shard
    Path s2 = shards.resolve("s2").resolve("consultations.jsonl");
    String edited = Files.readString(s2).replaceFirst("\"answer_idx\":\"B\"", "\"answer_idx\":\"A\"");
    Files.writeString(s2, edited, StandardCharsets.UTF_8);
    assertThat(run("mediq", "merge", shards.resolve("s1").toString(), shards.resolve("s2").toString(), "--data", d,
        "--out", tmp.resolve("merged-again").toString())).isNotZero();
    assertThat(err.toString()).contains("shard 2/2", "is not the log its run ended with");
    assertThat(tmp.resolve("merged-again").resolve("run-config.json")).doesNotExist();
  }
}
