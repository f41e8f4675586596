package io.clarq.serve.study.web;

import static io.clarq.serve.web.Html.escape;

import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.ReferenceText;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.serve.study.ProviderSessions;
import io.clarq.serve.study.Study;
import java.util.List;
import java.util.Optional;

/**
 * The page of a person playing the ClarQ-LLM provider (L2H): the dialogue and the reply form on the left, the task
 * and its response tree on the right, each node with its purpose and state; an available node has a box that joins
 * the reply form ({@code form="answer"}). Built from {@link ProviderSessions.ProviderView} alone; every text escaped.
 */
final class ProviderPages {
  /** What a participant reads first when the study gives no instructions of its own. */
  static final String INSTRUCTIONS = "You play Jax, the assistant who knows how the task is done. Someone will ask"
      + " you how to do it. Beside the dialogue you see the task's response tree: each line you may say, what it is"
      + " for, and which lines are available now (a line opens once the line above it has been said). Answer each"
      + " question by ticking the available lines that answer it, or, when none does, by typing a short reply of"
      + " your own. Answer only what was asked. When every line has been said, press \"Nothing left to tell\"."
      + " The other side ends the dialogue by saying goodbye.";

  private ProviderPages() {}

  /** A human provider's dialogue page. */
  static String dialogue(Study study, String base, ProviderSessions.ProviderView v, String csrf, long shownAt,
      Optional<String> error) {
    StringBuilder b = new StringBuilder("<div class=\"cols\" style=\"grid-template-columns:1fr 1fr\"><div>"
        + "<div class=\"card\">");
    b.append("<h2>Dialogue ").append(v.position()).append(" of ").append(v.of()).append("</h2><div class=\"chat\""
        + " id=\"chat\" style=\"height:360px\">");
    // newest first in a column-reverse box (the newest line stays in view without a script); as on the seeker's
    // page, the other side's lines sit left and the person's own right
    List<Utterance> lines = v.lines();
    for (int i = lines.size() - 1; i >= 0; i--) {
      Utterance u = lines.get(i);
      boolean seeker = u.speaker() == Speaker.SEEKER;
      String text = seeker ? u.text() : ReferenceText.stripSpeaker(u.text());
      b.append("<div class=\"line ").append(seeker ? "provider" : "seeker").append("\"><div class=\"who\">")
          .append(seeker ? "Seeker" : "You (Jax)").append("</div>").append(escape(text)).append("</div>");
    }
    b.append("</div>");
    error.or(v::seekerError).ifPresent(e -> b.append("<p class=\"error\" id=\"error\">").append(escape(e))
        .append("</p>"));
    if (v.finished()) {
      b.append("<p class=\"done\" id=\"ended\">This dialogue has ended")
          .append(v.endReason().filter("TURN_CAP"::equals).isPresent() ? " (the seeker used every turn)" : "")
          .append(". Thank you!</p>");
      b.append(v.position() < v.of() ? "<a class=\"button\" id=\"next\" href=\"" + escape(base + "/"
          + (v.position() + 1)) + "\">Next dialogue</a>" : "<a class=\"button\" id=\"next\" href=\"" + escape(base)
          + "\">Finish</a>");
    } else if (v.awaitingReply()) {
      b.append("<form method=\"post\" id=\"answer\" action=\"").append(escape(base + "/" + v.position() + "/answer"))
          .append("\">").append(Page.hidden(Csrf.FIELD, csrf)).append(Page.hidden("shown", Long.toString(shownAt)))
          .append("<p class=\"muted\">Tick the available lines of the tree that answer the question, or type a reply"
              + " when no line does (not both).</p><textarea name=\"line\" id=\"line\" maxlength=\"")
          .append(ProviderSessions.MAX_LINE).append("\" placeholder=\"Your own reply (when no line of the tree"
              + " answers)\"></textarea><div class=\"row\"><button type=\"submit\" id=\"send\">Send</button>"
              + "<button type=\"submit\" class=\"secondary\" name=\"enough\" value=\"1\" id=\"enough\">Nothing left"
              + " to tell (say so)</button><span class=\"muted\">").append(v.seekerTurnsLeft())
          .append(v.seekerTurnsLeft() == 1 ? " question" : " questions").append(" left</span></div></form>");
    } else {
      b.append("<p class=\"muted\" id=\"waiting\">The seeker has not asked yet. <a href=\"")
          .append(escape(base + "/" + v.position())).append("\">Reload</a></p>");
    }
    b.append("</div><div class=\"card\"><p class=\"muted\">You can leave and come back with your link; nothing you"
        + " sent is lost.</p><a href=\"").append(escape(base)).append("\">back to your list</a></div></div>");
    task(b, v);
    b.append("</div>");
    return Page.of("Study " + study.name(), "Dialogue " + v.position() + " of " + v.of() + ": you are Jax",
        b.toString());
  }

  /**
   * Applies a reply form ({@code form} reads a field, {@code nodeFields} are its {@code node} fields): the ticked
   * lines or the typed {@code line}, or the provider's fixed enough-information line for the {@code enough} button,
   * whatever is in the box. Returns the message to show when the reply is refused (nothing is stored then).
   */
  static Optional<String> answer(java.util.function.Function<String, String> form, List<String> nodeFields,
      ProviderSessions providers, io.clarq.serve.study.StudyStore.Session session, Optional<Long> millis) {
    try {
      List<io.clarq.core.clarqllm.tree.NodeId> nodes = ProviderJson.nodes(nodeFields);
      boolean enough = form.apply("enough") != null;
      String line = enough ? providers.enoughInformation() : Optional.ofNullable(form.apply("line")).orElse("");
      providers.answer(session, enough ? List.of() : nodes, line, millis);
      return Optional.empty();
    } catch (IllegalArgumentException | IllegalStateException e) {
      return Optional.of(e.getMessage());
    }
  }

  private static void task(StringBuilder b, ProviderSessions.ProviderView v) {
    Briefing br = v.briefing();
    b.append("<div class=\"card\" id=\"tree\"><h2>The task: ").append(escape(v.taskType())).append("</h2><p>The"
        + " seeker is a <b>").append(escape(br.role())).append("</b>. Their task: <b>").append(escape(br.task()))
        .append("</b>.</p><h3>Response tree</h3><table><tr><th></th><th>line</th><th>state</th></tr>");
    boolean choosing = v.awaitingReply();
    for (ProviderSessions.TreeLine n : v.tree()) {
      String id = n.id().toString();
      String state = n.state().name().toLowerCase(java.util.Locale.ROOT);
      b.append("<tr class=\"node ").append(state).append("\"").append(n.state() == ProviderSessions.NodeState.LOCKED
          ? " style=\"color:#8a93a6\"" : "").append("><td>");
      if (choosing && n.state() == ProviderSessions.NodeState.AVAILABLE) {
        b.append("<input type=\"checkbox\" form=\"answer\" name=\"node\" value=\"").append(escape(id))
            .append("\" id=\"node-").append(escape(id)).append("\">");
      }
      b.append("</td><td><label for=\"node-").append(escape(id)).append("\"><b>").append(escape(id)).append("</b> ")
          .append(escape(n.text())).append("</label>");
      n.purpose().filter(p -> !p.isBlank()).ifPresent(p -> b.append("<div class=\"muted\">purpose: ")
          .append(escape(p)).append("</div>"));
      b.append("</td><td>").append(n.state() == ProviderSessions.NodeState.GIVEN ? "said"
          : n.state() == ProviderSessions.NodeState.AVAILABLE ? "<b>available</b>" : "locked").append("</td></tr>");
    }
    b.append("</table></div>");
  }
}
