package io.clarq.core.clarqllm.seeker.llm;

import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.prompt.PromptPack;
import java.util.List;
import java.util.Map;

/**
 * The baseline seeker's briefing, built from a {@link PromptPack} as the reference's {@code player} builds it:
 * {@code seeker/briefing_start} (role, task), then {@code briefing_items}, {@code briefing_skills} and
 * {@code briefing_scenes} for each part of the background that is not empty, then an ending chosen by which parts are
 * present (all three or at most one: {@code briefing_end}; exactly two: the ending naming those two). Role, task and
 * the three lists are the task file's {@code background_splitted} strings verbatim; the language is the one the
 * reference detects on the role.
 */
public final class SeekerBriefing {
  private SeekerBriefing() {}

  /** The briefing text. */
  public static String render(PromptPack pack, Briefing b) {
    List<String> v = b.verbatim();
    String role = v.get(0);
    String task = v.get(1);
    if (role.isEmpty() || task.isEmpty()) {
      return "";
    }
    Language language = language(b);
    Map<String, String> roleTask = Map.of("role", role, "task", task);
    boolean items = !v.get(2).isEmpty();
    boolean skills = !v.get(3).isEmpty();
    boolean scenes = !v.get(4).isEmpty();
    StringBuilder sb = new StringBuilder(pack.template("seeker/briefing_start", language).render(roleTask));
    if (items) {
      sb.append(pack.template("seeker/briefing_items", language).render(Map.of("items", v.get(2))));
    }
    if (skills) {
      sb.append(pack.template("seeker/briefing_skills", language).render(Map.of("skills", v.get(3))));
    }
    if (scenes) {
      sb.append(pack.template("seeker/briefing_scenes", language).render(Map.of("scenes", v.get(4))));
    }
    String ending = items && skills && !scenes ? "seeker/briefing_end_items_skills"
        : items && scenes && !skills ? "seeker/briefing_end_items_scenes"
        : skills && scenes && !items ? "seeker/briefing_end_skills_scenes"
        : "seeker/briefing_end";
    return sb.append(pack.template(ending, language).render(roleTask)).toString();
  }

  /** The seeker's language as the reference decides it: detected on the role string. */
  public static Language language(Briefing b) {
    return Language.detect(b.verbatim().get(0));
  }
}
