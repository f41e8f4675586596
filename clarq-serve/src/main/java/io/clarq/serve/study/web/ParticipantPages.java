package io.clarq.serve.study.web;

import static io.clarq.serve.web.Html.escape;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.cq.Grade;
import io.clarq.core.cq.RubricScale;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.serve.study.RatingSessions;
import io.clarq.serve.study.SeekerSessions;
import io.clarq.serve.study.Study;
import io.clarq.serve.study.StudyMode;
import io.clarq.serve.study.StudyStore;
import java.util.List;
import java.util.Optional;

/**
 * The pages a participant sees. They are built from the participant's views alone ({@link SeekerSessions.SeekerView},
 * {@link RatingSessions.RatingView}): a briefing and the lines said, or the question to rate with its reference;
 * items are named by their place in the participant's list, never by their id. Every text is escaped.
 */
final class ParticipantPages {
  private ParticipantPages() {}

  /** The participant's start page: the instructions and their items. */
  static String home(Study study, String base, List<StudyStore.Session> sessions) {
    StringBuilder b = new StringBuilder("<div class=\"card\"><h2>Instructions</h2><p style=\"white-space:pre-wrap\">")
        .append(escape(study.spec().instructions().isBlank() ? defaultInstructions(study.spec().mode())
            : study.spec().instructions())).append("</p></div><div class=\"card\"><h2>Your ")
        .append(noun(study, true)).append("</h2><table><tr><th>#</th><th>state</th><th></th></tr>");
    boolean offered = false;
    for (StudyStore.Session s : sessions) {
      int n = s.position() + 1;
      String state = s.finished() ? "finished" : s.state().equals("open") ? "started" : "not started";
      b.append("<tr><td>").append(noun(study, false)).append(' ').append(n).append(" of ").append(sessions.size())
          .append("</td><td>").append(state).append("</td><td>");
      if (!s.finished() && !offered) {
        b.append("<a class=\"button\" id=\"go\" href=\"").append(escape(base + "/" + n)).append("\">")
            .append(s.state().equals("open") ? "Continue" : "Start").append("</a>");
        offered = true;
      } else if (s.finished()) {
        b.append("<a href=\"").append(escape(base + "/" + n)).append("\">view</a>");
      }
      b.append("</td></tr>");
    }
    b.append("</table>");
    if (!offered) {
      b.append("<p class=\"done\" id=\"all-done\">All done. Thank you for taking part!</p>");
    }
    b.append("</div>");
    return Page.of("Study " + study.name(), "You can leave at any time and come back to this page with your link.",
        b.toString());
  }

  static String defaultInstructions(StudyMode mode) {
    if (mode == StudyMode.HUMAN_PROVIDER) {
      return ProviderPages.INSTRUCTIONS;
    }
    if (mode == StudyMode.HUMAN_EXPERT) {
      return "You are the doctor. Each case shows the first thing a patient tells you and a multiple-choice question"
          + " about them. Ask the patient questions, one at a time, until you are confident, then answer with one"
          + " of the options. There is a limit on how many questions you may ask; at the limit you must answer.";
    }
    return mode == StudyMode.HUMAN_SEEKER
        ? "You are given a role and a task in a small story world. Jax, the assistant, knows how the task is done;"
            + " you do not. Ask Jax questions until every step of the task is clear to you, then end the dialogue"
            + " by saying \"Goodbye\" (or press the End button). Jax only answers what you ask."
        : "You will see a request, the reference clarifying question written for it, and a question to rate. Grade"
            + " the question on naturalness and on usefulness (Good, Fair or Bad), following the guideline shown"
            + " beside it.";
  }

  private static String noun(Study study, boolean plural) {
    String one = switch (study.spec().mode()) {
      case HUMAN_SEEKER, HUMAN_PROVIDER -> "dialogue";
      case HUMAN_EXPERT -> "case";
      case RATING -> "question";
    };
    return plural ? one + "s" : one.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + one.substring(1);
  }

  /** A human seeker's dialogue as {@code state.json} gives it: position, lines, turns left, a provider failure. */
  static void json(SeekerSessions.SeekerView v, ObjectNode o) {
    o.put("position", v.position()).put("of", v.of()).put("finished", v.finished())
        .put("turns_left", v.seekerTurnsLeft());
    ArrayNode lines = o.putArray("lines");
    for (Utterance u : v.lines()) {
      lines.addObject().put("speaker", u.speaker().name().toLowerCase(java.util.Locale.ROOT)).put("text", u.text());
    }
    v.providerError().ifPresent(e -> o.put("error", e));
  }

  /** A rating item as {@code state.json} gives it: position, the request, the reference and the question to rate. */
  static void json(RatingSessions.RatingView v, ObjectNode o) {
    o.put("position", v.position()).put("of", v.of()).put("finished", v.finished()).put("request", v.request())
        .put("reference", v.reference()).put("question", v.question());
  }

  /**
   * Applies a rating form ({@code form} reads a field: a grade per scale). Returns the message to show when the
   * rating is refused (nothing is stored then).
   */
  static Optional<String> rate(java.util.function.Function<String, String> form, RatingSessions ratings,
      StudyStore.Session session, Optional<Long> millis) {
    Optional<Grade> natural = Optional.ofNullable(form.apply(RubricScale.NATURALNESS.key())).flatMap(Grade::parse);
    Optional<Grade> useful = Optional.ofNullable(form.apply(RubricScale.USEFULNESS.key())).flatMap(Grade::parse);
    if (natural.isEmpty() || useful.isEmpty()) {
      return Optional.of("choose Good, Fair or Bad on both scales");
    }
    try {
      ratings.rate(session, natural.get(), useful.get(), millis);
      return Optional.empty();
    } catch (IllegalStateException e) {
      return Optional.of(e.getMessage());
    }
  }

  /** A human seeker's dialogue page. */
  static String dialogue(Study study, String base, SeekerSessions.SeekerView v, String csrf, long shownAt,
      Optional<String> error) {
    StringBuilder b = new StringBuilder("<div class=\"cols\"><div><div class=\"card\" id=\"briefing\">"
        + "<h2>Your briefing</h2>");
    Briefing br = v.briefing();
    b.append("<p>You are a <b>").append(escape(br.role())).append("</b>. Your task: <b>").append(escape(br.task()))
        .append("</b>.</p>");
    list(b, "In your bag", br.items());
    list(b, "Skills and actions you can perform", br.skills());
    list(b, "Places you may go", br.scenes());
    b.append("</div><div class=\"card\"><p class=\"muted\">Ask Jax until every step is clear, then say \"Goodbye\""
        + " or press End. You can leave and come back with your link; nothing you typed is lost.</p>"
        + "<a href=\"").append(escape(base)).append("\">back to your list</a></div></div><div class=\"card\">");
    b.append("<h2>Dialogue ").append(v.position()).append(" of ").append(v.of()).append("</h2><div class=\"chat\""
        + " id=\"chat\">");
    // newest first in a column-reverse box: the browser keeps the newest line in view without a script
    List<Utterance> lines = v.lines();
    for (int i = lines.size() - 1; i >= 0; i--) {
      Utterance u = lines.get(i);
      boolean seeker = u.speaker() == Speaker.SEEKER;
      String text = seeker ? u.text() : io.clarq.core.clarqllm.task.ReferenceText.stripSpeaker(u.text());
      b.append("<div class=\"line ").append(seeker ? "seeker" : "provider").append("\"><div class=\"who\">")
          .append(seeker ? "You" : "Jax").append("</div>").append(escape(text)).append("</div>");
    }
    b.append("</div>");
    Optional<String> problem = error.or(v::providerError);
    problem.ifPresent(e -> b.append("<p class=\"error\" id=\"error\">").append(escape(e)).append("</p>"));
    if (v.finished()) {
      b.append("<p class=\"done\" id=\"ended\">This dialogue has ended")
          .append(v.endReason().filter("TURN_CAP"::equals).isPresent() ? " (you used every turn)" : "")
          .append(". Thank you!</p>");
      b.append(v.position() < v.of() ? "<a class=\"button\" id=\"next\" href=\"" + escape(base + "/"
          + (v.position() + 1)) + "\">Next dialogue</a>" : "<a class=\"button\" id=\"next\" href=\"" + escape(base)
          + "\">Finish</a>");
    } else {
      String action = base + "/" + v.position() + "/say";
      b.append("<form method=\"post\" id=\"say\" action=\"").append(escape(action)).append("\">")
          .append(Page.hidden(Csrf.FIELD, csrf)).append(Page.hidden("shown", Long.toString(shownAt)))
          .append("<textarea name=\"line\" id=\"line\" maxlength=\"").append(SeekerSessions.MAX_LINE)
          .append("\" autofocus placeholder=\"Your question to Jax\"></textarea><div class=\"row\">"
              + "<button type=\"submit\" id=\"send\">Send</button><button type=\"submit\" class=\"secondary\""
              + " name=\"end\" value=\"goodbye\" id=\"end\">End (say Goodbye)</button><span class=\"muted\">")
          .append(v.seekerTurnsLeft()).append(v.seekerTurnsLeft() == 1 ? " turn" : " turns")
          .append(" left</span></div></form>");
    }
    b.append("</div></div>");
    return Page.of("Study " + study.name(), "Dialogue " + v.position() + " of " + v.of(), b.toString());
  }

  private static void list(StringBuilder b, String title, List<String> items) {
    if (items.isEmpty()) {
      return;
    }
    b.append("<h3>").append(escape(title)).append("</h3><ul>");
    items.forEach(i -> b.append("<li>").append(escape(i)).append("</li>"));
    b.append("</ul>");
  }

  /** A rater's page. */
  static String rating(Study study, String base, RatingSessions.RatingView v, String csrf, long shownAt,
      Optional<String> error) {
    StringBuilder b = new StringBuilder("<div class=\"cols\"><div class=\"card\" id=\"guideline\">"
        + "<h2>Guideline</h2>").append(Guideline.HTML).append("</div><div class=\"card\">");
    b.append("<h2>Question ").append(v.position()).append(" of ").append(v.of()).append("</h2>");
    if (!v.request().isBlank()) {
      b.append("<h3>What the user asked</h3><div class=\"quote\" id=\"request\">").append(escape(v.request()))
          .append("</div>");
    }
    b.append("<h3>Reference question</h3><div class=\"quote\" id=\"reference\">").append(escape(v.reference()))
        .append("</div><h3>Question to rate</h3><div class=\"quote\" id=\"question\">").append(escape(v.question()))
        .append("</div>");
    error.ifPresent(e -> b.append("<p class=\"error\" id=\"error\">").append(escape(e)).append("</p>"));
    if (v.finished()) {
      b.append("<p class=\"done\" id=\"ended\">Rated: naturalness ")
          .append(v.grades().get(RubricScale.NATURALNESS).label()).append(", usefulness ")
          .append(v.grades().get(RubricScale.USEFULNESS).label()).append(".</p>");
      b.append(v.position() < v.of() ? "<a class=\"button\" id=\"next\" href=\"" + escape(base + "/"
          + (v.position() + 1)) + "\">Next question</a>" : "<a class=\"button\" id=\"next\" href=\"" + escape(base)
          + "\">Finish</a>");
    } else {
      b.append("<form method=\"post\" id=\"rate\" action=\"").append(escape(base + "/" + v.position() + "/rate"))
          .append("\">").append(Page.hidden(Csrf.FIELD, csrf)).append(Page.hidden("shown", Long.toString(shownAt)));
      for (RubricScale scale : RubricScale.values()) {
        b.append("<fieldset><legend>").append(scale == RubricScale.NATURALNESS ? "Naturalness" : "Usefulness")
            .append("</legend>");
        for (Grade g : Grade.values()) {
          String id = scale.key() + "-" + g.label().toLowerCase(java.util.Locale.ROOT);
          b.append("<label class=\"grade\"><input type=\"radio\" required name=\"").append(scale.key())
              .append("\" id=\"").append(id).append("\" value=\"").append(g.label()).append("\"> ")
              .append(g.label()).append("</label>");
        }
        b.append("</fieldset>");
      }
      b.append("<button type=\"submit\" id=\"submit\">Save and continue</button></form>");
    }
    b.append("</div></div>");
    return Page.of("Study " + study.name(), "Question " + v.position() + " of " + v.of(), b.toString());
  }
}
