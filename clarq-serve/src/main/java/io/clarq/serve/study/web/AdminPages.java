package io.clarq.serve.study.web;

import static io.clarq.serve.web.Html.escape;

import io.clarq.core.cq.RubricScale;
import io.clarq.serve.study.Study;
import io.clarq.serve.study.StudyAgreement;
import io.clarq.serve.study.StudyMode;
import io.clarq.serve.study.StudyStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/** The admin pages' HTML: the list of studies with the create form, a study's progress, agreement and export. */
final class AdminPages {
  private AdminPages() {}

  static String login(String csrf, Optional<String> error) {
    StringBuilder b = new StringBuilder("<div class=\"card\" style=\"max-width:520px\"><h2>Admin sign-in</h2>"
        + "<p class=\"muted\">The admin token was printed when the server started.</p>");
    error.ifPresent(e -> b.append("<p class=\"error\">").append(escape(e)).append("</p>"));
    b.append("<form method=\"post\" action=\"/admin/login\">").append(Page.hidden(Csrf.FIELD, csrf))
        .append("<input type=\"password\" name=\"token\" id=\"token\" autocomplete=\"off\" style=\"width:100%;"
            + "padding:8px\"><div class=\"row\"><button type=\"submit\" id=\"signin\">Sign in</button></div></form>"
            + "</div>");
    return Page.of("clarq studies", "admin", b.toString());
  }

  /** One row of the study list. */
  record StudyRow(String name, StudyMode mode, int participants, int finished, int sessions) {}

  static String list(List<StudyRow> rows, String csrf, Optional<String> error) {
    StringBuilder b = new StringBuilder("<div class=\"card\"><h2>Studies</h2><table id=\"studies\"><tr><th>study"
        + "</th><th>mode</th><th>participants</th><th>finished</th></tr>");
    for (StudyRow r : rows) {
      b.append("<tr><td><a href=\"/admin/studies/").append(escape(r.name())).append("\">").append(escape(r.name()))
          .append("</a></td><td>").append(r.mode().key()).append("</td><td>").append(r.participants())
          .append("</td><td>").append(r.finished()).append(" of ").append(r.sessions()).append("</td></tr>");
    }
    if (rows.isEmpty()) {
      b.append("<tr><td colspan=\"4\" class=\"muted\">No study yet.</td></tr>");
    }
    b.append("</table></div><div class=\"card\"><h2>Create a study</h2><p class=\"muted\">Paste a study spec (JSON,"
        + " docs/schemas/study-spec.schema.json; docs/studies.md has examples).</p>");
    error.ifPresent(e -> b.append("<p class=\"error\" id=\"error\">").append(escape(e)).append("</p>"));
    b.append("<form method=\"post\" action=\"/admin/studies\">").append(Page.hidden(Csrf.FIELD, csrf))
        .append("<textarea name=\"spec\" id=\"spec\" style=\"min-height:180px;font-family:ui-monospace,monospace\">"
            + "</textarea><div class=\"row\"><button type=\"submit\" id=\"create\">Create</button></div></form>"
            + "</div>");
    return Page.of("clarq studies", "admin", b.toString());
  }

  static String study(Study study, String origin, String csrf, Optional<List<Path>> exported,
      Optional<String> message) {
    StudyStore store = study.store();
    StringBuilder b = new StringBuilder("<p><a href=\"/admin/studies\">all studies</a></p>");
    message.ifPresent(m -> b.append("<p class=\"error\" id=\"error\">").append(escape(m)).append("</p>"));
    exported.ifPresent(list -> {
      b.append("<div class=\"done\" id=\"exported\">Exported ").append(list.size()).append(" folder")
          .append(list.size() == 1 ? "" : "s").append(":<ul>");
      list.forEach(p -> b.append("<li><code>").append(escape(p.toString())).append("</code></li>"));
      b.append("</ul></div>");
    });
    b.append("<div class=\"card\"><h2>").append(escape(study.name())).append("</h2><p class=\"muted\">")
        .append(study.spec().mode().key()).append(", ").append(study.spec().participants())
        .append(study.spec().participants() == 1 ? " participant, " : " participants, ").append(study.spec().perParticipant()).append(" of ")
        .append(study.spec().itemCount()).append(" items each; folder <code>").append(escape(study.folder()
            .toString())).append("</code></p>");
    b.append("<table id=\"participants\"><tr><th>participant</th><th>finished</th><th>link</th><th>browser</th></tr>");
    for (StudyStore.Participant p : store.participants()) {
      List<StudyStore.Session> sessions = store.sessions(p.id());
      long done = sessions.stream().filter(StudyStore.Session::finished).count();
      b.append("<tr><td>").append(escape(p.label())).append("</td><td>").append(done).append(" of ")
          .append(sessions.size()).append("</td><td class=\"link\">").append(escape(origin + study.linkPath(p.token())))
          .append("</td><td class=\"muted\">").append(escape(p.userAgent().map(AdminPages::shortAgent).orElse("")))
          .append("</td></tr>");
    }
    b.append("</table></div>");
    if (study.spec().mode() == StudyMode.RATING) {
      StudyAgreement a = StudyAgreement.of(study);
      b.append("<div class=\"card\" id=\"agreement\"><h2>Agreement</h2><p class=\"muted\">")
          .append(a.method().equals("none") ? "Not enough items rated by two or more people yet."
              : (a.method().equals("cohen") ? "Cohen's kappa" : "Fleiss' kappa") + " over " + a.items()
                  + " items rated by " + a.raters() + " people" + (a.leftOut() > 0 ? " (" + a.leftOut()
                  + " items with another number of ratings left out)" : "") + ".")
          .append("</p><table><tr><th>scale</th><th>kappa</th></tr>");
      for (Map.Entry<RubricScale, OptionalDouble> e : new java.util.TreeMap<>(a.kappa()).entrySet()) {
        b.append("<tr><td>").append(e.getKey().key()).append("</td><td class=\"kappa\">")
            .append(e.getValue().isPresent() ? String.format(Locale.ROOT, "%.4f", e.getValue().getAsDouble())
                : "undefined").append("</td></tr>");
      }
      b.append("</table></div>");
    }
    b.append("<div class=\"card\"><h2>Export</h2><p class=\"muted\">Writes the finished work as run folders into"
        + " <code>").append(escape(study.folder().resolve("export").toString())).append("</code>.</p><form method="
            + "\"post\" action=\"/admin/studies/").append(escape(study.name())).append("/export\">")
        .append(Page.hidden(Csrf.FIELD, csrf)).append("<button type=\"submit\" id=\"export\">Export</button></form>"
            + "</div>");
    return Page.of("Study " + study.name(), "admin", b.toString());
  }

  private static String shortAgent(String agent) {
    return agent.length() > 80 ? agent.substring(0, 80) + "…" : agent;
  }
}
