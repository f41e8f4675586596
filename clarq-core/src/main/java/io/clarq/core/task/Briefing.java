package io.clarq.core.task;

import java.util.List;
import java.util.Objects;

/**
 * What the seeker is told: its role, the task phrase, and the items, skills/actions and scenes it has
 * (from the task's {@code background_splitted}). The given items, skills and scenes are guaranteed to
 * suffice; scenes may carry restrictions in parentheses.
 */
public record Briefing(String role, String task, List<String> items, List<String> skills, List<String> scenes) {
  public Briefing {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(task, "task");
    items = List.copyOf(items);
    skills = List.copyOf(skills);
    scenes = List.copyOf(scenes);
    if (role.isBlank()) {
      throw new IllegalArgumentException("illegal briefing: role is blank");
    }
    if (task.isBlank()) {
      throw new IllegalArgumentException("illegal briefing: task phrase is blank");
    }
  }
}
