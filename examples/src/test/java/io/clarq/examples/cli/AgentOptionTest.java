package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.asking.ActionKind;
import io.clarq.core.asking.AskingAction;
import io.clarq.core.asking.AskingAgent;
import io.clarq.core.asking.AskingTurn;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --agent SPEC} on every benchmark's run command: one asking agent named by its class plays the ClarQ-LLM
 * seeker, the MediQ expert, the TOA asker and the CQ generator; a spec that names nothing is refused naming the option.
 */
class AgentOptionTest extends CommandTestBase {
  @TempDir Path tmp;

  /** Asks one question, then answers with the first choice or says goodbye. */
  public static final class OneQuestion implements AskingAgent {
    @Override
    public String name() {
      return "one-question";
    }

    @Override
    public AskingAction act(AskingTurn turn) {
      if (turn.allows(ActionKind.ASK) && turn.questionsAsked() == 0) {
        return new AskingAction.Ask("What do I need to know? " + turn.fields().getOrDefault("question",
            turn.fields().getOrDefault("task", turn.fields().getOrDefault("facet", ""))));
      }
      if (turn.allows(ActionKind.ANSWER)) {
        return new AskingAction.Answer(turn.choices().get(0).label());
      }
      return new AskingAction.End("Thanks, Goodbye!");
    }
  }

  private static final String AGENT = "class:" + OneQuestion.class.getName();

  private void reset() {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
  }

  @Test
  void testTheAgentPlaysTheClarqLlmSeeker() throws IOException {
    Path runDir = tmp.resolve("clarq");
    String tasks = data("tasks");
    assertThat(run("run", "--agent", AGENT, "--provider", "offline", "--tasks", tasks, "--select", "3.1,4.2",
        "--out", runDir.toString())).as(err.toString()).isZero();
    assertThat(runDir.resolve("transcripts.jsonl")).content()
        .contains("What do I need to know? ").contains("Thanks, Goodbye!");
    assertThat(Files.readString(runDir.resolve("run-config.json")))
        .contains("agent:class:io.clarq.examples.cli.AgentOptionTest$OneQuestion");
    reset();
    assertThat(run("run", "--agent", "class:org.example.Nowhere", "--provider", "offline", "--tasks", tasks,
        "--out", tmp.resolve("x").toString())).isNotZero();
    assertThat(err.toString()).contains("--agent: agent 'class:org.example.Nowhere': class org.example.Nowhere is"
        + " not on the class path");
    reset();
    assertThat(run("run", "--provider", "offline", "--tasks", tasks, "--out", tmp.resolve("y").toString()))
        .isNotZero();
    assertThat(err.toString()).contains("give one of --seeker SPEC and --agent SPEC");
  }

  @Test
  void testTheAgentPlaysTheMediqExpert() {
    Path data = SharedData.require("mediq/data");
    Path runDir = tmp.resolve("mediq");
    assertThat(run("mediq", "run", "--data", data.toString(), "--agent", AGENT, "--limit", "2", "--out",
        runDir.toString())).as(err.toString()).isZero();
    assertThat(out.toString()).contains("all: 4 cases").contains("avg. turns 2.00");
    reset();
    assertThat(run("mediq", "run", "--data", data.toString(), "--agent", "nothing:here", "--limit", "2", "--out",
        tmp.resolve("m2").toString())).isNotZero();
    assertThat(err.toString()).contains("--agent nothing:here: names no agent");
  }

  @Test
  void testTheAgentPlaysTheToaAskerAndTheCqGenerator() throws IOException {
    Path flm = tmp.resolve("flm.jsonl");
    assertThat(run("flm", "make", "--hotpot", SharedData.require("hotpotqa/hotpot_dev_distractor_first53.json")
        .toString(), "--seed", "42", "--out", flm.toString())).isZero();
    Files.write(flm, Files.readAllLines(flm).subList(0, 3));
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("Paris"))) {
      reset();
      assertThat(run("toa", "run", "--flm", flm.toString(), "--agent", AGENT, "--oracle", "offline", "--primary",
          server.baseUrl().toString(), "--out", tmp.resolve("toa").toString())).as(err.toString()).isZero();
      assertThat(out.toString()).contains("3 examples").contains("asker agent:one-question");
      assertThat(tmp.resolve("toa").resolve("toa-results.jsonl")).content().contains("What do I need to know? ");
    }
    reset();
    Path cq = tmp.resolve("cq");
    assertThat(run("cq", "generate", "--data", SharedData.require("clariq-fkw").toString(), "--agent", AGENT,
        "--limit", "2", "--out", cq.toString())).as(err.toString()).isZero();
    assertThat(cq.resolve("generations.jsonl")).content().contains("agent:one-question")
        .contains("What do I need to know? ");
  }
}
