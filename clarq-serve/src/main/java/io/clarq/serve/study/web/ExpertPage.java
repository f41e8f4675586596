package io.clarq.serve.study.web;

import static io.clarq.serve.web.Html.escape;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.mediq.Exchange;
import io.clarq.serve.study.ExpertSessions;
import io.clarq.serve.study.Study;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A MediQ human expert's page and its JSON, built from {@link ExpertSessions.ExpertView} alone: the patient's initial
 * information, the question with its options, the exchanges, and one form to ask or to answer. Every text is escaped.
 */
final class ExpertPage {
  /** The form field naming the move: {@value #ASK} or {@value #ANSWER}. */
  static final String ACTION = "action";
  static final String ASK = "ask";
  static final String ANSWER = "answer";

  private ExpertPage() {}

  static String page(Study study, String base, ExpertSessions.ExpertView v, String csrf, long shownAt,
      Optional<String> error) {
    StringBuilder b = new StringBuilder("<div class=\"cols\"><div><div class=\"card\" id=\"case\">"
        + "<h2>The patient</h2><div class=\"quote\" id=\"initial\">").append(escape(v.initialInfo()))
        .append("</div><h3>Question</h3><p id=\"inquiry\">").append(escape(v.inquiry().question()))
        .append("</p><ul id=\"options\">");
    for (Map.Entry<String, String> o : v.inquiry().options().entrySet()) {
      b.append("<li><b>").append(o.getKey()).append("</b> ").append(escape(o.getValue())).append("</li>");
    }
    b.append("</ul></div><div class=\"card\"><p class=\"muted\">Ask the patient what you need to know, one question at"
        + " a time, and answer when you are ready. You can leave and come back with your link; nothing is lost.</p>"
        + "<a href=\"").append(escape(base)).append("\">back to your list</a></div></div><div class=\"card\">");
    b.append("<h2>Case ").append(v.position()).append(" of ").append(v.of()).append("</h2><div class=\"chat\""
        + " id=\"chat\">");
    // newest first in a column-reverse box, as on the dialogue page
    v.pendingQuestion().ifPresent(q -> line(b, true, q));
    List<Exchange> ex = v.exchanges();
    for (int i = ex.size() - 1; i >= 0; i--) {
      line(b, false, ex.get(i).answer());
      line(b, true, ex.get(i).questionText());
    }
    b.append("</div>");
    error.or(v::patientError).ifPresent(e -> b.append("<p class=\"error\" id=\"error\">").append(escape(e))
        .append("</p>"));
    if (v.finished()) {
      b.append("<p class=\"done\" id=\"ended\">You answered ").append(escape(v.letter().orElse("nothing")))
          .append(v.endReason().filter(ExpertSessions.QUESTION_CAP::equals).isPresent()
              ? " (after every question allowed)" : "").append(". Thank you!</p>");
      b.append(v.position() < v.of() ? "<a class=\"button\" id=\"next\" href=\"" + escape(base + "/"
          + (v.position() + 1)) + "\">Next case</a>" : "<a class=\"button\" id=\"next\" href=\"" + escape(base)
          + "\">Finish</a>");
    } else {
      b.append("<form method=\"post\" id=\"move\" action=\"").append(escape(base + "/" + v.position() + "/move"))
          .append("\">").append(Page.hidden(Csrf.FIELD, csrf)).append(Page.hidden("shown", Long.toString(shownAt)));
      if (!v.mustAnswer()) {
        b.append("<textarea name=\"question\" id=\"question\" maxlength=\"").append(ExpertSessions.MAX_QUESTION)
            .append("\" autofocus placeholder=\"Your question to the patient\"></textarea>");
      }
      b.append("<fieldset><legend>").append(v.mustAnswer() ? "Your answer" : "Your answer (when you ask: your"
          + " current choice, if any)").append("</legend>");
      for (Map.Entry<String, String> o : v.inquiry().options().entrySet()) {
        b.append("<label class=\"grade\"><input type=\"radio\" name=\"letter\" id=\"choice-").append(o.getKey())
            .append("\" value=\"").append(o.getKey()).append("\"> ").append(o.getKey()).append("</label>");
      }
      b.append("</fieldset><div class=\"row\">");
      if (!v.mustAnswer()) {
        b.append("<button type=\"submit\" name=\"" + ACTION + "\" value=\"" + ASK + "\" id=\"ask\">Ask the patient"
            + "</button>");
      }
      b.append("<button type=\"submit\" class=\"secondary\" name=\"" + ACTION + "\" value=\"" + ANSWER
          + "\" id=\"answer\">Answer with the chosen option</button><span class=\"muted\">")
          .append(v.mustAnswer() ? "no questions left: choose your answer" : v.questionsLeft()
              + (v.questionsLeft() == 1 ? " question" : " questions") + " left").append("</span></div></form>");
    }
    b.append("</div></div>");
    return Page.of("Study " + study.name(), "Case " + v.position() + " of " + v.of(), b.toString());
  }

  /**
   * Does the move a posted form asks for ({@value #ACTION} {@value #ANSWER} with a {@code letter}, else a
   * {@code question} with an optional {@code letter}); returns the error to show, empty when it was taken.
   */
  static Optional<String> move(java.util.function.Function<String, String> form, ExpertSessions experts,
      io.clarq.serve.study.StudyStore.Session session, Optional<Long> millis) {
    Optional<String> letter = Optional.ofNullable(form.apply("letter")).filter(l -> !l.isBlank());
    try {
      if (ANSWER.equals(form.apply(ACTION))) {
        if (letter.isEmpty()) {
          return Optional.of("choose an option to answer with");
        }
        experts.answer(session, letter.get(), millis);
      } else {
        experts.ask(session, Optional.ofNullable(form.apply("question")).orElse(""), letter, millis);
      }
      return Optional.empty();
    } catch (IllegalArgumentException | IllegalStateException e) {
      return Optional.of(e.getMessage());
    }
  }

  private static void line(StringBuilder b, boolean expert, String text) {
    b.append("<div class=\"line ").append(expert ? "seeker" : "provider").append("\"><div class=\"who\">")
        .append(expert ? "You" : "Patient").append("</div>").append(escape(text)).append("</div>");
  }

  /** The view as the state JSON carries it. */
  static void json(ExpertSessions.ExpertView v, ObjectNode o) {
    o.put("position", v.position()).put("of", v.of()).put("finished", v.finished())
        .put("questions_left", v.questionsLeft()).put("initial_info", v.initialInfo())
        .put("question", v.inquiry().question());
    ObjectNode options = o.putObject("options");
    v.inquiry().options().forEach(options::put);
    ArrayNode ex = o.putArray("exchanges");
    v.exchanges().forEach(e -> ex.addObject().put("question", e.questionText()).put("reply", e.answer()));
    v.pendingQuestion().ifPresent(q -> o.put("pending_question", q));
    v.letter().ifPresent(l -> o.put("answered", l));
    v.patientError().ifPresent(e -> o.put("error", e));
  }
}
