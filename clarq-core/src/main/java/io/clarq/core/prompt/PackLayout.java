package io.clarq.core.prompt;

import io.clarq.core.task.Language;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The layout every prompt pack shares (the reference pack's {@code README.md} describes it): which templates a pack
 * must hold, in which languages, and the placeholders each may use; and the fixed utterances. Structure only: the
 * words live in the pack's files.
 */
final class PackLayout {
  /** Template name -> the placeholders it may use. */
  static final Map<String, Set<String>> TEMPLATES = templates();

  /** Templates that exist in English only (the reference never uses them for Chinese). */
  static final Set<String> ENGLISH_ONLY = Set.of("provider/pass1_multiple");

  /** The keys of {@code fixed-utterances.json}, per language. */
  static final List<String> FIXED = List.of("opening", "gate_unrelated", "enough_info", "type5_unrelated");

  static final String FIXED_FILE = "fixed-utterances.json";

  static final String PACK_FILE = "pack.json";

  private PackLayout() {}

  /** The file of a template in a language, relative to the pack's root ("provider/pass1.en.txt"). */
  static String file(String template, Language language) {
    return template + "." + language.code() + ".txt";
  }

  static boolean exists(String template, Language language) {
    return language == Language.ENGLISH || !ENGLISH_ONLY.contains(template);
  }

  private static Map<String, Set<String>> templates() {
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
    return java.util.Collections.unmodifiableMap(t);
  }
}
