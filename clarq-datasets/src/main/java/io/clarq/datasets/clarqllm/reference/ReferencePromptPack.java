package io.clarq.datasets.clarqllm.reference;

import io.clarq.datasets.clarqllm.reference.PyTemplateEval.Fn;
import io.clarq.datasets.clarqllm.reference.PyTemplateEval.Setup;
import io.clarq.datasets.clarqllm.reference.PyValue.Dict;
import io.clarq.datasets.clarqllm.reference.PyValue.Indexed;
import io.clarq.datasets.clarqllm.reference.PyValue.Sym;
import io.clarq.datasets.clarqllm.reference.PyValue.Text;
import io.clarq.datasets.clarqllm.reference.PyValue.Val;
import io.clarq.datasets.jsonl.PythonJson;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reference prompt pack ({@code clarq-llm/reference-prompts/} layout) derived from the reference code's Python
 * sources: every template is the string a prompt builder of that code returns when its inputs are placeholders.
 * This class holds no prompt text, only where each template is built (file, function, the variable or the return
 * value), which branch each language and variant takes, and which Python value stands for which placeholder.
 */
final class ReferencePromptPack {
  private ReferencePromptPack() {}

  private static final String PROVIDER = "agents/provider_agent.py";
  private static final String MULTI = "agents/multi_info_provider_agent.py";
  private static final String SEEKER = "agents/seeker_agent.py";
  private static final String JUDGE = "evaluation.py";

  /** The Python source files the pack is read from. */
  static final List<String> SOURCES = List.of(PROVIDER, MULTI, SEEKER, JUDGE);

  /** The fixed provider lines, in the order of {@code fixed-utterances.json}. */
  private static final List<String> FIXED = List.of("opening", "gate_unrelated", "enough_info", "type5_unrelated");

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z_][a-z0-9_]*)\\}");

  /**
   * Where one template is built: a function, the value taken (return value, a variable, a list's element), the
   * branch conditions, and calls whose result stands for a placeholder.
   */
  private record Location(String file, String function, String variable, boolean element, Map<String, Boolean> when,
      Map<String, Val> calls) {}

  /**
   * Every file of the pack but its README: template files, {@code templates.json}, {@code fixed-utterances.json},
   * {@code LICENSE-upstream}; keys are paths relative to the pack folder.
   *
   * @param sources the text of each file of {@link #SOURCES} and {@code LICENSE}, by upstream path
   */
  static Map<String, byte[]> derive(Map<String, String> sources) {
    Map<String, List<PyAst.Stmt>> modules = new HashMap<>();
    for (String file : SOURCES) {
      modules.put(file, PyParser.module(require(sources, file), file));
    }
    Map<String, byte[]> out = new TreeMap<>();
    Map<String, Set<String>> placeholders = new TreeMap<>();
    for (Map.Entry<String, List<Location>> e : templates().entrySet()) {
      for (int lang = 0; lang < 2; lang++) {
        Location at = e.getValue().get(lang);
        if (at == null) {
          continue;
        }
        String text = evaluate(modules, at, lang == 1);
        String path = e.getKey() + (lang == 1 ? ".zh.txt" : ".en.txt");
        out.put(path, text.getBytes(StandardCharsets.UTF_8));
        Set<String> names = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
          names.add(m.group(1));
        }
        placeholders.put(path, names);
      }
    }
    out.put("templates.json", templatesJson(placeholders).getBytes(StandardCharsets.UTF_8));
    out.put("fixed-utterances.json", fixedJson(modules).getBytes(StandardCharsets.UTF_8));
    out.put("LICENSE-upstream", require(sources, "LICENSE").getBytes(StandardCharsets.UTF_8));
    return out;
  }

  private static String require(Map<String, String> sources, String file) {
    String s = sources.get(file);
    if (s == null) {
      throw new IllegalArgumentException("the reference code's " + file + " is missing");
    }
    return s;
  }

  private static String evaluate(Map<String, List<PyAst.Stmt>> modules, Location at, boolean chinese) {
    Map<String, Boolean> conditions = new HashMap<>(at.when());
    conditions.put("self.chinese", chinese);
    conditions.put("detect_language(content[0]) == \"Chinese\"", chinese);
    conditions.put("detect_language(gold[0]) == \"Chinese\"", chinese);
    Map<String, Val> bindings = new HashMap<>(common());
    Map<String, Fn> functions = new HashMap<>();
    functions.put("add_punctuation", args -> args.get(0));   // applied to the values before they are filled in
    at.calls().forEach((name, result) -> functions.put(name, args -> result));
    Setup setup = new Setup(bindings, conditions, functions, Set.of("previous_message"));
    Val v = PyTemplateEval.run(modules.get(at.file()), at.file(), at.function(), at.variable(), setup);
    if (at.element()) {
      if (!(v instanceof Sym s) || s.element() == null) {
        throw new IllegalArgumentException(at.file() + " " + at.function() + ": " + at.variable()
            + " is not a list built from the inputs");
      }
      v = s.element();
    }
    if (!(v instanceof Text t)) {
      throw new IllegalArgumentException(at.file() + " " + at.function() + ": "
          + (at.variable() == null ? "the return value" : at.variable()) + " is not a string: " + v);
    }
    return t.text();
  }

  // the Python values that stand for the placeholders, by name as the reference code spells them
  private static Map<String, Val> common() {
    Map<String, Val> b = new HashMap<>();
    b.put("self.task_data", new Indexed(Map.of(0L, ph("role"), 1L, ph("task"))));
    b.put("self.gold_first", ph("solution"));
    b.put("previous_content", new Sym(null, "history", "last_turn"));
    b.put("self.gold", new Sym(ph("node_text"), "available_nodes", null));
    b.put("self.gold_explain", new Dict("purpose"));
    b.put("type_2_response", ph("node_text"));
    b.put("analysis", ph("analysis"));
    b.put("all_info", new Sym(null, "sentences", null));
    b.put("content", new Indexed(Map.of(0L, ph("role"), 1L, ph("task"), 2L, ph("items"), 3L, ph("skills"),
        4L, ph("scenes"))));
    b.put("background", ph("briefing"));
    b.put("previous_message", new Sym(null, "transcript", null));
    b.put("gold", new Sym(ph("gold"), "gold_items", null));
    b.put("glod_explain", new Sym(ph("purpose"), null, null));
    b.put("predict", new Sym(ph("line"), "generated_items", null));
    return b;
  }

  private static Text ph(String name) {
    return new Text("{" + name + "}", false);
  }

  private static Location at(String file, String function, String variable, Map<String, Boolean> when) {
    return new Location(file, function, variable, false, when, Map.of());
  }

  private static List<Location> both(Location l) {
    List<Location> two = new ArrayList<>();
    two.add(l);
    two.add(l);
    return two;
  }

  private static final String MULTIPLE_IN = "' that there are multiple ' in self.gold_explain[type_2_response]";
  private static final String MULTIPLE_ONCE =
      "self.gold_explain[type_2_response].count(' that there are multiple ') == 1";

  /** Each template (layout name) with its English and Chinese location (null: no such language). */
  private static Map<String, List<Location>> templates() {
    Map<String, List<Location>> t = new LinkedHashMap<>();
    Map<String, Boolean> hasExplain = Map.of("hasattr(self, 'gold_explain')", true);
    t.put("provider/relevance", both(at(PROVIDER, "helpers.data2prompt_0", null, Map.of())));
    t.put("provider/classify", both(at(PROVIDER, "helpers.data2prompt_1", null, hasExplain)));
    t.put("provider/classify_item", both(new Location(PROVIDER, "helpers.data2prompt_1", "numbered_gold", true,
        hasExplain, Map.of())));
    t.put("provider/repeat_check", both(at(PROVIDER, "helpers.type_4_double_check", null, Map.of())));
    t.put("provider/pass1", both(at(PROVIDER, "helpers.type2_double_check_one", null, Map.of(MULTIPLE_IN, false))));
    List<Location> multiple = new ArrayList<>();
    multiple.add(new Location(PROVIDER, "helpers.type2_double_check_one", null, false,
        Map.of(MULTIPLE_IN, true, MULTIPLE_ONCE, true), Map.of("self.extract_reference", ph("multiple_obj"))));
    multiple.add(null);
    t.put("provider/pass1_multiple", multiple);
    t.put("provider/pass2", both(at(PROVIDER, "helpers.type2_double_check_one_3", null, Map.of())));
    t.put("provider/pass3_correct", both(at(PROVIDER, "helpers.type2_double_check_one_2", null, Map.of())));
    t.put("provider/pass3_multiple", both(at(PROVIDER, "helpers.type2_double_check_one_22", null, Map.of())));
    t.put("provider/reply_positive", both(at(PROVIDER, "helpers.data2prompt_main", null, Map.of())));
    t.put("provider/reply_reassure", both(at(PROVIDER, "helpers.data2prompt_partial_without_answer", null,
        Map.of())));
    t.put("provider/reply_repeat", both(at(PROVIDER, "helpers.data2prompt_repeat", null, Map.of())));
    t.put("multi-info/merge", both(at(MULTI, "helpers_m.unified_info", "prompt", Map.of())));
    // the seeker's briefing: which of items (content[2]), skills ([3]) and scenes ([4]) the task has
    t.put("seeker/briefing_start", both(at(SEEKER, "player.data2prompt", "start", present(true, true, true))));
    t.put("seeker/briefing_items", both(at(SEEKER, "player.data2prompt", "obj_skill_scenarios",
        present(true, false, false))));
    t.put("seeker/briefing_skills", both(at(SEEKER, "player.data2prompt", "obj_skill_scenarios",
        present(false, true, false))));
    t.put("seeker/briefing_scenes", both(at(SEEKER, "player.data2prompt", "obj_skill_scenarios",
        present(false, false, true))));
    t.put("seeker/briefing_end", both(at(SEEKER, "player.data2prompt", "end", present(true, true, true))));
    t.put("seeker/briefing_end_items_skills", both(at(SEEKER, "player.data2prompt", "end",
        present(true, true, false))));
    t.put("seeker/briefing_end_items_scenes", both(at(SEEKER, "player.data2prompt", "end",
        present(true, false, true))));
    t.put("seeker/briefing_end_skills_scenes", both(at(SEEKER, "player.data2prompt", "end",
        present(false, true, true))));
    // the Completion-mode seeker: previous_content is the transcript before the provider's latest line
    t.put("seeker/completion_first", both(at(SEEKER, "player.prompt_pure", "strat_word",
        Map.of("previous_content", false))));
    t.put("seeker/completion_later", both(at(SEEKER, "player.prompt_pure", "strat_word",
        Map.of("previous_content", true))));
    t.put("judge/judge", both(at(JUDGE, "data2prompt_mini", null, Map.of())));
    t.put("judge/judge_gold_item", both(new Location(JUDGE, "data2prompt_mini", "numbered_gold", true, Map.of(),
        Map.of())));
    t.put("judge/judge_generated_item", both(new Location(JUDGE, "data2prompt_mini", "numbered_predict", true,
        Map.of(), Map.of())));
    return t;
  }

  private static Map<String, Boolean> present(boolean items, boolean skills, boolean scenes) {
    return Map.of("content[0]", true, "content[1]", true, "content[2]", items, "content[3]", skills,
        "content[4]", scenes);
  }

  // the provider's fixed lines, each where generate_reponse returns (or sets) it on its path
  private static Map<String, Location> fixedLocations() {
    String f = "helpers.generate_reponse";
    Map<String, Location> m = new LinkedHashMap<>();
    m.put("opening", at(PROVIDER, f, null, Map.of("previous_content", false)));
    m.put("gate_unrelated", at(PROVIDER, f, null, Map.of("previous_content", true, "self.count == 0", true,
        "response['related']", false)));
    m.put("enough_info", at(PROVIDER, f, null, Map.of("previous_content", true, "self.count == 0", false,
        "self.gold.none_available_knowledges()", true, "response['type'] in [2,3]", true)));
    Map<String, Boolean> type5 = new HashMap<>();
    type5.put("previous_content", true);
    type5.put("self.count == 0", false);
    type5.put("self.gold.none_available_knowledges()", false);
    type5.put("response['type'] in [4]", false);
    type5.put("self.strict", false);
    type5.put("response['type'] == -1", false);
    type5.put("response['type'] == 1", false);
    type5.put("response['type'] == 2", false);
    type5.put("response['type'] in [3,6]", false);
    type5.put("response['type'] == 4", false);
    type5.put("response['type'] == 5", true);
    m.put("type5_unrelated", at(PROVIDER, f, "response['response']", type5));
    return m;
  }

  private static String fixedJson(Map<String, List<PyAst.Stmt>> modules) {
    Map<String, Location> at = fixedLocations();
    StringBuilder sb = new StringBuilder("{\n");
    for (int lang = 0; lang < 2; lang++) {
      sb.append(" ").append(PythonJson.string(lang == 0 ? "en" : "zh", false)).append(": {\n");
      for (int k = 0; k < FIXED.size(); k++) {
        String key = FIXED.get(k);
        String text = evaluate(modules, at.get(key), lang == 1);
        sb.append("  ").append(PythonJson.string(key, false)).append(": ").append(PythonJson.string(text, false))
            .append(k + 1 < FIXED.size() ? ",\n" : "\n");
      }
      sb.append(lang == 0 ? " },\n" : " }\n");
    }
    return sb.append("}\n").toString();
  }

  private static String templatesJson(Map<String, Set<String>> placeholders) {
    StringBuilder sb = new StringBuilder("[\n");
    int n = 0;
    for (Map.Entry<String, Set<String>> e : placeholders.entrySet()) {
      sb.append(" {\n  \"template\": ").append(PythonJson.string(e.getKey(), false)).append(",\n  \"placeholders\": [");
      if (e.getValue().isEmpty()) {
        sb.append("]");
      } else {
        sb.append("\n");
        int k = 0;
        for (String p : e.getValue()) {
          sb.append("   ").append(PythonJson.string(p, false)).append(++k < e.getValue().size() ? ",\n" : "\n");
        }
        sb.append("  ]");
      }
      sb.append("\n }").append(++n < placeholders.size() ? ",\n" : "\n");
    }
    return sb.append("]\n").toString();
  }
}
