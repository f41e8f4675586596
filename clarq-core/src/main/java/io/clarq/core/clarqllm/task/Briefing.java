package io.clarq.core.clarqllm.task;

import java.util.List;
import java.util.Objects;

/**
 * What the seeker is told: its role, the task phrase, and the items, skills/actions and scenes it has
 * (from the task's {@code background_splitted}). The given items, skills and scenes are guaranteed to
 * suffice; scenes may carry restrictions in parentheses.
 *
 * @param role the seeker's role, stripped
 * @param task the task phrase, stripped
 * @param items the items, one per line of the background, stripped, empty lines dropped
 * @param skills the skills/actions, likewise
 * @param scenes the scenes, likewise
 * @param verbatim the five {@code background_splitted} strings exactly as the task file has them (role, task, items,
 *     skills, scenes): the reference prompts use them unchanged, spaces and line breaks included
 */
public record Briefing(String role, String task, List<String> items, List<String> skills, List<String> scenes,
    List<String> verbatim) {
  public Briefing {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(task, "task");
    items = List.copyOf(items);
    skills = List.copyOf(skills);
    scenes = List.copyOf(scenes);
    verbatim = List.copyOf(verbatim);
    if (role.isBlank()) {
      throw new IllegalArgumentException("illegal briefing: role is blank");
    }
    if (task.isBlank()) {
      throw new IllegalArgumentException("illegal briefing: task phrase is blank");
    }
    if (verbatim.size() != 5) {
      throw new IllegalArgumentException("illegal briefing: " + verbatim.size()
          + " verbatim background parts; expected 5: role, task, items, skills, scenes");
    }
  }

  /** A briefing whose verbatim background is rebuilt from the parts (one item per line). */
  public Briefing(String role, String task, List<String> items, List<String> skills, List<String> scenes) {
    this(role, task, items, skills, scenes,
        List.of(role, task, String.join("\n", items), String.join("\n", skills), String.join("\n", scenes)));
  }
}
