package io.clarq.core.clarqllm.provider.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.clarqllm.tree.ResponseTree;
import io.clarq.core.clarqllm.tree.TreeCursor;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.prompt.EchoPack;
import io.clarq.core.prompt.PackBehaviour;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.ScriptedLlmClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference provider's decisions (reference-prompts/README.md, "Provider turn"), each checked with a pack whose
 * templates echo their own name and values, so a broken rule shows as a wrong template, value or call order.
 */
class ReferenceRulesTest {
  private static final String KEY = "Take the blue key.";
  private static final String BOAT = "Cross the river by boat.";
  private static final ClarqTask TASK = new ClarqTask(new TaskId(1, 0), Language.ENGLISH, "Test", new Briefing(
      "adventurer", "open the gate", List.of("A key"), List.of("Swim"), List.of("Forest")), "", new ResponseTree(List.of(
          new ResponseNode(NodeId.ROOT, "Go to the forest.", Optional.empty()),
          ResponseNode.of(NodeId.parse("1"), KEY, "The seeker noticed that there are multiple keys and asks which."),
          ResponseNode.of(NodeId.parse("1.1"), "The key is under the stone.", "Where the key is."),
          ResponseNode.of(NodeId.parse("2"), BOAT, "The seeker wrongly assumes swimming works."))));

  @TempDir Path dir;

  /** Replies by template name; records the template of every request in order. */
  private static final class ByTemplate implements ScriptedLlmClient.Script {
    final Map<String, String> replies = new LinkedHashMap<>();
    final List<String> asked = new ArrayList<>();
    final List<String> prompts = new ArrayList<>();

    ByTemplate on(String templateAndNode, String reply) {
      replies.put(templateAndNode, reply);
      return this;
    }

    @Override
    public String reply(ChatRequest request) {
      String prompt = request.messages().get(0).content();
      String template = prompt.substring(0, prompt.indexOf('|'));
      asked.add(template);
      prompts.add(prompt);
      for (Map.Entry<String, String> e : replies.entrySet()) {
        String[] key = e.getKey().split("@", 2);
        if (key[0].equals(template) && (key.length == 1 || prompt.contains("node_text=" + key[1]))) {
          return e.getValue();
        }
      }
      throw new IllegalStateException("no reply scripted for " + prompt);
    }
  }

  private ProviderReply reply(PackBehaviour behaviour, ByTemplate script, TreeCursor cursor, String... lines)
      throws Exception {
    PromptPack pack = EchoPack.write(dir, behaviour);
    List<Utterance> h = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      h.add(i % 2 == 0 ? Utterance.provider(lines[i]) : Utterance.seeker(lines[i]));
    }
    return LlmProviderAgent.builder(new ScriptedLlmClient(script)).prompts(pack).build()
        .reply(new ProviderTurn(TASK, h, cursor));
  }

  private static TreeCursor started() {
    return TASK.tree().start().giveAll(List.of(NodeId.ROOT));
  }

  private static String type(int t) {
    return "{\"type\": " + t + "}";
  }

  @Test
  void testPassTemplatesPerNodeAndPassTwoGetsThatNodesAnalysis() throws Exception {
    ByTemplate s = new ByTemplate().on("provider/classify", type(2))
        .on("provider/pass1_multiple", "{\"analysis\": \"why key\", \"answerable\": false}")
        .on("provider/pass1", "{\"analysis\": \"why boat\", \"answerable\": false}")
        .on("provider/pass2", "{\"answerable\": false}")
        .on("provider/pass3_multiple", "{\"analysis\": \"a\", \"answerable\": false, \"correct\": true}")
        .on("provider/pass3_correct", "{\"analysis\": \"a\", \"correct\": true, \"answerable\": false}");
    ProviderReply r = reply(PackBehaviour.REFERENCE, s, started(), "Jax: open", "hi", "Jax: Go", "which way?");
    assertThat(s.asked).containsExactly("provider/classify", "provider/pass1_multiple", "provider/pass1",
        "provider/pass2", "provider/pass2", "provider/pass3_multiple", "provider/pass3_correct");
    assertThat(s.prompts.get(1)).contains("|multiple_obj=keys|");
    assertThat(s.prompts.get(3)).contains("analysis=why key|").contains("node_text=" + KEY);
    assertThat(s.prompts.get(4)).contains("analysis=why boat|").contains("node_text=" + BOAT);
    // pass3_multiple reads "answerable" (no), pass3_correct reads "correct" (yes)
    assertThat(r.text()).isEqualTo("Jax: " + BOAT);
    assertThat(r.nodes()).containsExactly(NodeId.parse("2"));
  }

  @Test
  void testTheMultipleObjectAsTheReferenceFindsIt() {
    assertThat(ProviderPrompts.multipleObject("He noticed that there are multiple keys and asks.")).isEqualTo("keys");
    assertThat(ProviderPrompts.multipleObject("x that there are multiple red iron keys and y")).isEqualTo("red iron keys");
    assertThat(ProviderPrompts.multipleObject("x that there are multiple a b c d and y")).isNull();
    assertThat(ProviderPrompts.multipleObject("x that there are multiple robot androids")).isEqualTo("robot");
    assertThat(ProviderPrompts.multipleObject("x that there are multiple keys, or")).isNull();
    assertThat(ProviderPrompts.multipleObject("x that there are multiple a and y that there are multiple b and"))
        .isNull();
  }

  @Test
  void testPassesSeeOnlyTheLatestSeekerLineNamedByTheRole() throws Exception {
    ByTemplate s = new ByTemplate().on("provider/classify", type(3))
        .on("provider/pass1_multiple", "{\"analysis\": \"ok\", \"answerable\": true}");
    reply(PackBehaviour.REFERENCE, s, started(), "Jax: open", "adventurer：hello", "Jax: Go", " which key?\n");
    assertThat(s.prompts.get(0)).contains("history=Jax: open\nadventurer：hello\nJax: Go\nadventurer:  which key?\n|");
    assertThat(s.prompts.get(1)).contains("last_turn=adventurer:  which key?\n|").doesNotContain("hello");
  }

  @Test
  void testClassificationIsMadeWithNothingAvailableAndEnoughInformationComesFirst() throws Exception {
    TreeCursor all = TASK.tree().start().giveAll(List.of(NodeId.ROOT)).giveAll(List.of(NodeId.parse("1")))
        .giveAll(List.of(NodeId.parse("1.1"))).giveAll(List.of(NodeId.parse("2")));
    ByTemplate s = new ByTemplate().on("provider/classify", type(2));
    ProviderReply r = reply(PackBehaviour.REFERENCE, s, all, "Jax: open", "hi", "Jax: Go", "and then?");
    assertThat(s.asked).containsExactly("provider/classify");
    assertThat(s.prompts.get(0)).contains("available_nodes=|");
    assertThat(r.text()).isEqualTo("Jax: enough");
    // a type 4 whose repeat check says no becomes type 2, finds nothing and ends as a type-3 reassurance
    ByTemplate t = new ByTemplate().on("provider/classify", type(4)).on("provider/repeat_check",
        "{\"analysis\": \"no\", \"repeat\": false}").on("provider/reply_reassure", "{\"response\": \"Relax.\"}");
    ProviderReply r4 = reply(PackBehaviour.REFERENCE, t, all, "Jax: open", "hi", "Jax: Go", "again?");
    assertThat(t.asked).containsExactly("provider/classify", "provider/repeat_check", "provider/reply_reassure");
    assertThat(r4.text()).isEqualTo("Jax: Relax.");
  }

  @Test
  void testRepliesAreReadWithPythonTruthinessUnderTheReferencePack() throws Exception {
    ByTemplate s = new ByTemplate().on("provider/classify", type(2))
        .on("provider/pass1_multiple", "{\"analysis\": \"x\", \"answerable\": \"false\"}");
    assertThat(reply(PackBehaviour.REFERENCE, s, started(), "Jax: open", "hi", "Jax: Go", "key?").text())
        .isEqualTo("Jax: " + KEY);
    ByTemplate one = new ByTemplate().on("provider/classify", "{\"type\": true}")
        .on("provider/reply_positive", "{\"response\": \"Good.\"}");
    reply(PackBehaviour.REFERENCE, one, started(), "Jax: open", "hi", "Jax: Go", "ok?");
    assertThat(one.asked).containsExactly("provider/classify", "provider/reply_positive");
    ByTemplate text = new ByTemplate().on("provider/classify", "{\"type\": \"2\"}");
    assertThatThrownBy(() -> reply(PackBehaviour.REFERENCE, text, started(), "Jax: open", "hi", "Jax: Go", "key?"))
        .isInstanceOf(UnparsedReplyException.class).hasMessageContaining("\"2\"");
    ByTemplate fenced = new ByTemplate().on("provider/classify", "```json\n{\"type\": 2}\n```");
    assertThatThrownBy(() -> reply(PackBehaviour.REFERENCE, fenced, started(), "Jax: open", "hi", "Jax: Go", "k?"))
        .isInstanceOf(UnparsedReplyException.class);
    assertThat(fenced.asked).hasSize(1);
  }

  @Test
  void testTheJaxPrefixRule() throws Exception {
    for (String[] c : new String[][] {{" Jax: relax", "Jax: Jax: relax", "Jax: relax"},
        {"JAX: relax ", "JAX: relax ", "JAX: relax"}, {" relax\n", "Jax: relax", "Jax: relax"}}) {
      ByTemplate s = new ByTemplate().on("provider/classify", type(6))
          .on("provider/reply_reassure", "{\"response\": \"" + c[0].replace("\n", "\\n") + "\"}");
      assertThat(reply(PackBehaviour.REFERENCE, s, started(), "Jax: open", "hi", "Jax: Go", "?").text())
          .isEqualTo(c[1]);
      assertThat(reply(PackBehaviour.CLARQ, s, started(), "Jax: open", "hi", "Jax: Go", "?").text()).isEqualTo(c[2]);
    }
  }

  @Test
  void testTheGateAndTheFixedLinesComeFromThePack() throws Exception {
    ByTemplate no = new ByTemplate().on("provider/relevance", "{\"related\": false}");
    assertThat(reply(PackBehaviour.REFERENCE, no, TASK.tree().start(), "Jax: open", "hi").text())
        .isEqualTo("Jax: gate no");
    ByTemplate yes = new ByTemplate().on("provider/relevance", "{\"related\": 1}");
    ProviderReply r = reply(PackBehaviour.REFERENCE, yes, TASK.tree().start(), "Jax: open", "how?");
    assertThat(r.text()).isEqualTo("Jax: Go to the forest.");
    assertThat(yes.prompts.get(0)).contains("solution=Go to the forest.|");
    ByTemplate five = new ByTemplate().on("provider/classify", type(5));
    assertThat(reply(PackBehaviour.REFERENCE, five, started(), "Jax: open", "hi", "Jax: Go", "weather?").text())
        .isEqualTo("Jax: t5");
  }

  @Test
  void testMultiInfoMergeAcceptanceAndConnectorFallback() throws Exception {
    ByTemplate s = new ByTemplate().on("provider/classify", type(2))
        .on("provider/pass1_multiple", "{\"analysis\": \"x\", \"answerable\": true}")
        .on("provider/pass1", "{\"analysis\": \"x\", \"answerable\": true}")
        .on("multi-info/merge", "{\"output\": \"First take the blue key, then cross the river by boat\"}");
    PromptPack pack = EchoPack.write(dir, PackBehaviour.REFERENCE);
    LlmProviderAgent multi = LlmProviderAgent.builder(new ScriptedLlmClient(s)).prompts(pack).multiInfo(true).build();
    ProviderReply r = multi.reply(new ProviderTurn(TASK, List.of(Utterance.provider("Jax: open"),
        Utterance.seeker("hi"), Utterance.provider("Jax: Go"), Utterance.seeker("key and river?")), started()));
    assertThat(s.prompts.get(s.prompts.size() - 1)).contains("sentences=" + KEY + "\n" + BOAT + "|");
    assertThat(r.text()).isEqualTo("Jax: First take the blue key, then cross the river by boat");
    assertThat(r.nodes()).containsExactly(NodeId.parse("1"), NodeId.parse("2"));
    assertThat(MultiInfoMerge.accepted(Language.ENGLISH, List.of(KEY, BOAT), "take the blue key")).isFalse();
    assertThat(MultiInfoMerge.connectorJoin(Language.ENGLISH, List.of("A.", "B."))).isEqualTo("A. Besides, b.");
    assertThat(MultiInfoMerge.connectorJoin(Language.ENGLISH, List.of("A.", "B.", "C.")))
        .isEqualTo("A. Besides, b. Finally, c.");
    assertThat(MultiInfoMerge.connectorJoin(Language.ENGLISH, List.of("A.", "B.", "C.", "D.")))
        .isEqualTo("A. Besides, b. Moreover, c. Finally, d.");
    assertThat(MultiInfoMerge.connectorJoin(Language.ENGLISH, List.of("A.", "B.", "C.", "D.", "E.")))
        .isEqualTo("A.\nB.\nC.\nD.\nE.");
    assertThat(MultiInfoMerge.connectorJoin(Language.CHINESE, List.of("甲。", "乙。", "丙。")))
        .isEqualTo("甲。此外，乙。最后，丙。");
  }

  @Test
  void testAnUnreadableMergeIsUnparsedUnderTheReferencePackAndJoinedUnderOurs() throws Exception {
    ByTemplate s = new ByTemplate().on("provider/classify", type(2))
        .on("provider/pass1_multiple", "{\"analysis\": \"x\", \"answerable\": true}")
        .on("provider/pass1", "{\"analysis\": \"x\", \"answerable\": true}")
        .on("multi-info/merge", "{\"result\": \"?\"}");
    List<Utterance> h = List.of(Utterance.provider("Jax: open"), Utterance.seeker("hi"), Utterance.provider("Jax: Go"),
        Utterance.seeker("key and river?"));
    LlmProviderAgent ref = LlmProviderAgent.builder(new ScriptedLlmClient(s))
        .prompts(EchoPack.write(dir, PackBehaviour.REFERENCE)).multiInfo(true).build();
    assertThatThrownBy(() -> ref.reply(new ProviderTurn(TASK, h, started())))
        .isInstanceOf(UnparsedReplyException.class).hasMessageContaining("multi-info merge");
    LlmProviderAgent ours = LlmProviderAgent.builder(new ScriptedLlmClient(s))
        .prompts(EchoPack.write(dir.resolve("ours"), PackBehaviour.CLARQ)).multiInfo(true).build();
    assertThat(ours.reply(new ProviderTurn(TASK, h, started())).text()).isEqualTo("Jax: " + KEY + " Besides, " + "c"
        + BOAT.substring(1));
  }
}
