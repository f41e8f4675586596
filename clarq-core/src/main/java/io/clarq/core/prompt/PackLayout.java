package io.clarq.core.prompt;

import io.clarq.core.clarqllm.task.Language;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The files a prompt pack of one benchmark holds: which templates, in which languages, the placeholders each may use,
 * and the fixed utterances. Structure only: the words live in the packs' files. Every layout shares one shape on
 * disk: {@code ROLE/STEP.LANG.txt} per template, an optional {@code pack.json} ({@code name}, {@code layout},
 * {@code behaviour}, {@code description}) and, where the layout has fixed utterances, {@code fixed-utterances.json}.
 *
 * <ul>
 *   <li>{@link #CLARQ_LLM}: the ClarQ-LLM provider, multi-info merge, seekers and judge (the reference pack's
 *       {@code README.md} describes it), English and Chinese;
 *   <li>{@link #TOA}: task-oriented asking: the primary model, the yes/no and choice oracles, clarq's asker templates;
 *   <li>{@link #TOA_ASKER}: one asker prompt in the TOA paper's placeholders (the paper's prompts are data, read from
 *       {@code flm-toa/asker-prompts.json}, or a user's own prompt file);
 *   <li>{@link #CQ}: clarifying-question generation and the rubric judge;
 *   <li>{@link #MEDIQ}: the MediQ expert's and patients' prompts (clarq's own pack in its own words ships with it; the
 *       reference pack is derived at run time from the MediQ code, see {@code io.clarq.datasets.mediq});
 *   <li>{@link #ASKING}: the asking-agent SPI's task statements per benchmark and the built-in LLM asking agent
 *       ({@code io.clarq.core.asking}); English.
 * </ul>
 */
public final class PackLayout {
  private static final Set<Language> ENGLISH = Collections.unmodifiableSet(EnumSet.of(Language.ENGLISH));

  /** The ClarQ-LLM agents' prompts and fixed utterances, in English and Chinese. */
  public static final PackLayout CLARQ_LLM = new PackLayout("clarq-llm", clarqLlm(), Collections.unmodifiableSet(EnumSet.allOf(Language.class)),
      Set.of("provider/pass1_multiple"), List.of("opening", "gate_unrelated", "enough_info", "type5_unrelated"),
      "clarq", Set.of("reply/reminder", "reply/reminder_fields"));

  /** Task-oriented asking: primary model, oracles, clarq's asker templates; English. */
  public static final PackLayout TOA = new PackLayout("toa", toa(), ENGLISH, Set.of(), List.of(),
      "toa", Set.of());

  /**
   * One asker prompt with the TOA paper's placeholders: {@code {context}}, {@code {q1}} and, in five-shot prompts,
   * {@code {in_context_examples}}; English. No pack of this layout ships with clarq.
   */
  public static final PackLayout TOA_ASKER = new PackLayout("toa-asker",
      Map.of("asker/prompt", Set.of("context", "q1", "in_context_examples")), ENGLISH, Set.of(),
      List.of(), null, Set.of());

  /** Clarifying-question generation and the rubric judge; English. */
  public static final PackLayout CQ = new PackLayout("cq", cq(), ENGLISH, Set.of(), List.of(),
      "cq", Set.of());

  /**
   * MediQ: the expert's system message, case frame ({@code {patient_info}}, {@code {conversation_log}},
   * {@code {inquiry}}, {@code {options}}, {@code {task}}) and task prompts, and the patients' prompts; fixed
   * utterances: the conversation log's two labels and the patient's "cannot answer" line. English.
   */
  public static final PackLayout MEDIQ = new PackLayout("mediq", mediq(), ENGLISH, Set.of(),
      List.of("question_word", "answer_word", "cannot_answer"), "mediq", Set.of());

  /**
   * The asking agent ({@code io.clarq.core.asking}): the task statement each benchmark renders for askers
   * ({@code statement/BENCHMARK}), and the built-in LLM agent's system message, turn and reminder. English.
   */
  public static final PackLayout ASKING = new PackLayout("asking", asking(), ENGLISH, Set.of(), List.of(),
      "asking", Set.of());

  static final String FIXED_FILE = "fixed-utterances.json";

  static final String PACK_FILE = "pack.json";

  private static final List<PackLayout> ALL = List.of(CLARQ_LLM, TOA, TOA_ASKER, CQ, MEDIQ, ASKING);

  private final String name;
  private final Map<String, Set<String>> templates;
  private final Set<Language> languages;
  private final Set<String> englishOnly;
  private final List<String> fixed;
  private final String builtIn;
  private final Set<String> clarqOnly;

  private PackLayout(String name, Map<String, Set<String>> templates, Set<Language> languages,
      Set<String> englishOnly, List<String> fixed, String builtIn, Set<String> clarqOnly) {
    this.clarqOnly = clarqOnly;
    this.name = name;
    this.templates = templates;
    this.languages = languages;
    this.englishOnly = englishOnly;
    this.fixed = fixed;
    this.builtIn = builtIn;
  }

  /**
   * The layout named {@code name} ("clarq-llm", "toa", "toa-asker", "cq", "mediq", "asking").
   *
   * @throws IllegalArgumentException naming the known layouts
   */
  public static PackLayout named(String name) {
    return ALL.stream().filter(l -> l.name.equals(name)).findFirst().orElseThrow(() -> new IllegalArgumentException(
        "unknown prompt pack layout \"" + name + "\"; known: " + ALL.stream().map(l -> l.name).toList()));
  }

  /** The layout's name, as {@code pack.json} gives it. */
  public String name() {
    return name;
  }

  /** The templates, in the layout's order. */
  public Set<String> templates() {
    return templates.keySet();
  }

  /**
   * The placeholders {@code template} may use.
   *
   * @throws IllegalArgumentException when the layout has no such template
   */
  public Set<String> placeholders(String template) {
    Set<String> p = templates.get(template);
    if (p == null) {
      throw new IllegalArgumentException("prompt pack layout " + name + " has no template " + template
          + "; templates: " + templates.keySet());
    }
    return p;
  }

  /** The keys of {@code fixed-utterances.json} per language; empty when the layout has no such file. */
  public List<String> fixedUtterances() {
    return fixed;
  }

  /**
   * The templates only a pack with {@link PackBehaviour#CLARQ clarq's behaviour} needs (the reminder sent after an
   * unreadable reply: the reference asks once and never sends one), so the reference pack lacks them.
   */
  public Set<String> clarqOnly() {
    return clarqOnly;
  }

  /** The languages a pack of this layout speaks. */
  public Set<Language> languages() {
    return languages;
  }

  /** Whether a pack of this layout holds {@code template} in {@code language}. */
  public boolean exists(String template, Language language) {
    return templates.containsKey(template) && languages.contains(language)
        && (language == Language.ENGLISH || !englishOnly.contains(template));
  }

  /** The file of a template in a language, relative to the pack's root ("provider/pass1.en.txt"). */
  public static String file(String template, Language language) {
    return template + "." + language.code() + ".txt";
  }

  /** The resource folder of clarq's own pack of this layout, if clarq ships one. */
  Optional<String> builtIn() {
    return Optional.ofNullable(builtIn);
  }

  @Override
  public String toString() {
    return name;
  }

  private static Map<String, Set<String>> clarqLlm() {
    Set<String> pass = Set.of("role", "last_turn", "node_text", "purpose");
    Set<String> roleHistory = Set.of("role", "history");
    Set<String> roleTask = Set.of("role", "task");
    Map<String, Set<String>> t = new LinkedHashMap<>();
    t.put("provider/relevance", Set.of("role", "task", "solution", "history"));
    t.put("provider/classify", Set.of("role", "task", "history", "available_nodes"));
    t.put("provider/classify_item", Set.of("index", "node_text", "purpose"));
    t.put("provider/repeat_check", roleHistory);
    t.put("provider/pass1", pass);
    t.put("provider/pass1_multiple", Set.of("role", "last_turn", "node_text", "purpose", "multiple_obj"));
    t.put("provider/pass2", Set.of("role", "last_turn", "node_text", "purpose", "analysis"));
    t.put("provider/pass3_correct", pass);
    t.put("provider/pass3_multiple", pass);
    t.put("provider/reply_positive", roleHistory);
    t.put("provider/reply_reassure", roleHistory);
    t.put("provider/reply_repeat", roleHistory);
    t.put("multi-info/merge", Set.of("sentences"));
    t.put("seeker/briefing_start", roleTask);
    t.put("seeker/briefing_items", Set.of("items"));
    t.put("seeker/briefing_skills", Set.of("skills"));
    t.put("seeker/briefing_scenes", Set.of("scenes"));
    t.put("seeker/briefing_end", roleTask);
    t.put("seeker/briefing_end_items_skills", roleTask);
    t.put("seeker/briefing_end_items_scenes", roleTask);
    t.put("seeker/briefing_end_skills_scenes", roleTask);
    t.put("seeker/completion_first", Set.of("briefing"));
    t.put("seeker/completion_later", Set.of("briefing", "transcript"));
    t.put("judge/judge", Set.of("gold_items", "generated_items"));
    t.put("judge/judge_gold_item", Set.of("index", "gold", "purpose"));
    t.put("judge/judge_generated_item", Set.of("index", "line"));
    t.put("reply/reminder", Set.of("problem", "fields"));
    t.put("reply/reminder_fields", Set.of("fields"));
    return Collections.unmodifiableMap(t);
  }

  private static Map<String, Set<String>> toa() {
    Set<String> asker = Set.of("question", "context");
    Map<String, Set<String>> t = new LinkedHashMap<>();
    t.put("primary/answer", Set.of("question", "context"));
    t.put("oracle/yes_no", Set.of("question", "candidate"));
    t.put("oracle/choice", Set.of("question", "candidates"));
    t.put("oracle/choice_item", Set.of("index", "candidate"));
    t.put("asker/direct", asker);
    t.put("asker/encyclopedia", asker);
    t.put("asker/reason_then_ask", asker);
    return Collections.unmodifiableMap(t);
  }

  private static Map<String, Set<String>> cq() {
    Set<String> retry = Set.of("missing", "form", "words");
    Map<String, Set<String>> t = new LinkedHashMap<>();
    t.put("generator/system", Set.of());
    t.put("generator/ask", Set.of("request", "facet", "form", "words"));
    t.put("generator/retry_one", retry);
    t.put("generator/retry_many", retry);
    t.put("judge/system", Set.of());
    t.put("judge/rate", Set.of("request", "facet", "reference", "candidate"));
    t.put("judge/reference", Set.of("reference"));
    t.put("judge/reminder", Set.of("problem", "fields"));
    t.put("judge/reminder_fields", Set.of("fields"));
    return Collections.unmodifiableMap(t);
  }

  private static Map<String, Set<String>> asking() {
    Map<String, Set<String>> t = new LinkedHashMap<>();
    t.put("statement/clarq-llm", Set.of("role", "task", "items", "skills", "scenes", "language"));
    t.put("statement/mediq", Set.of("initial_info", "question", "options"));
    t.put("statement/toa", Set.of("question", "context"));
    t.put("statement/cq", Set.of("request", "facet"));
    t.put("agent/system", Set.of("statement"));
    t.put("agent/turn", Set.of("conversation", "actions", "choices"));
    t.put("agent/no_conversation", Set.of());
    t.put("agent/choices", Set.of("choices"));
    t.put("agent/action_ask", Set.of());
    t.put("agent/action_answer", Set.of());
    t.put("agent/action_end", Set.of());
    t.put("agent/reminder", Set.of("problem", "fields"));
    t.put("agent/reminder_fields", Set.of("fields"));
    return Collections.unmodifiableMap(t);
  }

  private static Map<String, Set<String>> mediq() {
    Map<String, Set<String>> t = new LinkedHashMap<>();
    t.put("expert/system", Set.of());
    t.put("expert/case", Set.of("patient_info", "conversation_log", "inquiry", "options", "task"));
    for (String task : List.of("implicit", "implicit_rg", "binary", "binary_rg", "numerical", "numerical_rg",
        "numcutoff", "numcutoff_rg", "scale", "scale_rg", "yes_no", "question", "answer")) {
      t.put("expert/" + task, Set.of());
    }
    t.put("patient/direct_system", Set.of());
    t.put("patient/direct", Set.of("initial_info", "question"));
    t.put("patient/instruct_system", Set.of());
    t.put("patient/instruct", Set.of("context", "question"));
    t.put("patient/decompose_system", Set.of());
    t.put("patient/decompose", Set.of("context"));
    t.put("patient/fact_select_system", Set.of());
    t.put("patient/fact_select", Set.of("facts", "question"));
    return Collections.unmodifiableMap(t);
  }

  /** The placeholders of every template, for messages. */
  static Set<String> sorted(Set<String> s) {
    return new TreeSet<>(s);
  }
}
