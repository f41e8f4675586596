package io.clarq.core.clarqllm.provider.llm;

import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.ReferenceText;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.prompt.PromptPack;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The provider's prompts for one turn, rendered from a {@link PromptPack} with the reference's common values
 * (reference-prompts/README.md): {@code {role}} and {@code {task}} verbatim from the task's background,
 * {@code {solution}} the node-0 text, {@code {history}} the transcript with seeker lines named by the role,
 * {@code {last_turn}} the latest seeker line so named (the only part of the dialogue the pass prompts see), and
 * node purposes looked up by node text. The prompt language is the one the reference detects on the node-0 text.
 */
final class ProviderPrompts {
  /** The English purpose phrase that marks a "several X" line. */
  static final String MULTIPLE = " that there are multiple ";

  /** The Chinese phrase that marks one. */
  static final String MULTIPLE_ZH = "存在多个";

  private final PromptPack pack;
  private final Language language;
  private final String role;
  private final String task;
  private final String solution;
  private final String history;
  private final String lastTurn;
  private final Map<String, String> purposeByText = new HashMap<>();

  ProviderPrompts(PromptPack pack, ProviderTurn turn) {
    this.pack = pack;
    this.solution = turn.task().tree().root().text();
    this.language = Language.detect(solution);
    this.role = turn.task().briefing().verbatim().get(0);
    this.task = turn.task().briefing().verbatim().get(1);
    List<String> lines = historyList(turn.history(), role);
    this.history = String.join("\n", lines);
    this.lastTurn = lines.get(lines.size() - 1);
    for (ResponseNode n : turn.task().tree().nodes()) {
      if (!n.id().isRoot()) {
        purposeByText.put(n.text(), n.purpose().orElse(""));  // a later line with the same text wins, as there
      }
    }
  }

  /**
   * The reference's history list: every seeker line prefixed "{role}: " unless, stripped, it already starts with
   * the role and a colon (half- or full-width, with or without a space before it); the prefix goes before the
   * unstripped line. Provider lines as said.
   */
  static List<String> historyList(List<Utterance> transcript, String role) {
    List<String> out = new ArrayList<>(transcript.size());
    for (Utterance u : transcript) {
      String text = u.text();
      if (u.speaker() == Speaker.SEEKER) {
        String s = ReferenceText.strip(text);
        boolean named = s.startsWith(role + "：") || s.startsWith(role + ":") || s.startsWith(role + " ：")
            || s.startsWith(role + " :");
        out.add(named ? text : role + ": " + text);
      } else {
        out.add(text);
      }
    }
    return out;
  }

  Language language() {
    return language;
  }

  String solution() {
    return solution;
  }

  String relevance() {
    return render("provider/relevance", Map.of("role", role, "task", task, "solution", solution, "history", history));
  }

  String classify(List<ResponseNode> available) {
    List<String> items = new ArrayList<>();
    for (int i = 0; i < available.size(); i++) {
      ResponseNode n = available.get(i);
      items.add(render("provider/classify_item",
          Map.of("index", String.valueOf(i + 1), "node_text", n.text(), "purpose", purpose(n))));
    }
    return render("provider/classify",
        Map.of("role", role, "task", task, "history", history, "available_nodes", String.join("\n", items)));
  }

  String repeatCheck() {
    return render("provider/repeat_check", Map.of("role", role, "history", history));
  }

  /** Pass 1: the "multiple" variant for English purposes naming one "several X" object, the plain one otherwise. */
  Prompt pass1(ResponseNode node) {
    String purpose = purpose(node);
    String obj = language == Language.ENGLISH ? multipleObject(purpose) : null;
    if (obj != null) {
      return new Prompt("provider/pass1_multiple", render("provider/pass1_multiple", Map.of("role", role,
          "last_turn", lastTurn, "node_text", node.text(), "purpose", purpose, "multiple_obj", obj)));
    }
    return new Prompt("provider/pass1", render("provider/pass1", passValues(node)));
  }

  Prompt pass2(ResponseNode node, String analysis) {
    Map<String, String> values = new HashMap<>(passValues(node));
    values.put("analysis", analysis);
    return new Prompt("provider/pass2", render("provider/pass2", values));
  }

  /** Pass 3: "multiple" purposes (Chinese or English phrase, any count) ask about the ambiguity, others correct. */
  Prompt pass3(ResponseNode node) {
    String purpose = purpose(node);
    String template = purpose.contains(MULTIPLE_ZH) || purpose.contains(MULTIPLE)
        ? "provider/pass3_multiple" : "provider/pass3_correct";
    return new Prompt(template, render(template, passValues(node)));
  }

  String reply(String template) {
    return render(template, Map.of("role", role, "history", history));
  }

  String merge(List<String> sentences) {
    return render("multi-info/merge", Map.of("sentences", String.join("\n", sentences)));
  }

  String fixed(String key) {
    return pack.fixed(key, language);
  }

  /**
   * The object of a "that there are multiple X and ..." purpose, as the reference finds it: the phrase occurs exactly
   * once, " and" is searched from 24 characters after it starts (a plain substring, so it may begin a longer word),
   * and the text between splits into 1-3 words; null otherwise.
   */
  static String multipleObject(String purpose) {
    int first = purpose.indexOf(MULTIPLE);
    if (first < 0 || purpose.indexOf(MULTIPLE, first + MULTIPLE.length()) >= 0) {
      return null;
    }
    int a = purpose.indexOf("that there are multiple ");
    int b = purpose.indexOf(" and", a + 24);
    if (a < 0 || b < 0) {
      return null;
    }
    String between = a + 24 <= b ? purpose.substring(a + 24, b) : "";
    List<String> words = pythonSplit(between);
    return words.isEmpty() || words.size() > 3 ? null : String.join(" ", words);
  }

  /** Python's {@code str.split()}: runs of whitespace separate, none at either end. */
  private static List<String> pythonSplit(String text) {
    List<String> words = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      while (i < text.length() && ReferenceText.isPythonWhitespace(text.charAt(i))) {
        i++;
      }
      int start = i;
      while (i < text.length() && !ReferenceText.isPythonWhitespace(text.charAt(i))) {
        i++;
      }
      if (i > start) {
        words.add(text.substring(start, i));
      }
    }
    return words;
  }

  private Map<String, String> passValues(ResponseNode node) {
    return Map.of("role", role, "last_turn", lastTurn, "node_text", node.text(), "purpose", purpose(node));
  }

  private String purpose(ResponseNode node) {
    return purposeByText.getOrDefault(node.text(), node.purpose().orElse(""));
  }

  private String render(String template, Map<String, String> values) {
    return pack.template(template, language).render(values);
  }

  /** A rendered prompt and the template it came from. */
  record Prompt(String template, String text) {}
}
