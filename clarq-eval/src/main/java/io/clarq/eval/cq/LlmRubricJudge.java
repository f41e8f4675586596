package io.clarq.eval.cq;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.Grade;
import io.clarq.core.cq.RubricJudge;
import io.clarq.core.cq.RubricOutcome;
import io.clarq.core.cq.RubricRating;
import io.clarq.core.cq.RubricScale;
import io.clarq.core.cq.ScaleRating;
import io.clarq.core.cq.UnparsedRating;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.json.JsonReply;
import io.clarq.core.llm.json.StructuredAsk;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The rubric judge on a language model. It shows the model the request, the facet, the reference question (when
 * there is one) and the candidate, states the rubric, and asks for one JSON object
 * {@code {"naturalness": "Good|Fair|Bad", "naturalness_reason": "...", "usefulness": ..., "usefulness_reason": ...}}
 * (a nested {@code {"naturalness": {"grade": ..., "reason": ...}}} is read too). A reply that cannot be read is asked
 * for once more ({@link StructuredAsk}); a reply still unreadable, or with a grade other than Good/Fair/Bad, becomes
 * an {@link UnparsedRating} keeping every raw reply. Temperature 0, so the same question is rated the same way.
 */
public final class LlmRubricJudge implements RubricJudge {
  static final String SYSTEM_PROMPT = "You rate clarifying questions that a search engine asks its users, on two "
      + "scales, each Good, Fair or Bad, and you answer with one JSON object only.";

  /**
   * The grades as the annotation guide of Wang et al. (WWW 2023) defines them, in our words: naturalness judges the
   * wording (Fair: understandable though ungrammatical; Bad: incomplete or not a question), usefulness the content
   * (Fair: weakly relevant; Bad: too general or over-specific, or a repeat, a prequel or off the intent); the
   * reference question is Good on both; each scale is graded without regard to the other.
   */
  static final String RUBRIC = """
      Grade the two scales independently: naturalness from the wording alone, usefulness from the content alone. \
      A clumsy question can still be useful, and a fluent one useless.
      When a reference question is given, it was written by a person for this facet and counts as Good on both \
      scales; use it to see what the facet is about, but do not require the candidate to use its words.
      Naturalness (the wording):
        Good = a complete question that is fluent, grammatical and easy to understand.
        Fair = understandable, but ungrammatical or awkwardly phrased.
        Bad = incomplete (cut off, a fragment) or not a question at all, or impossible to understand.
      Usefulness (the content), if the user answered the candidate:
        Good = relevant to the facet: the answer would clarify the request in the facet's direction.
        Fair = only weakly relevant to the facet.
        Bad = too general or over-specific, or it duplicates the request, asks a prequel to it instead of \
      clarifying it, or misses the intent of the request.
      Reply with one JSON object and nothing else:
      {"naturalness": "Good|Fair|Bad", "naturalness_reason": "<one short sentence>", \
      "usefulness": "Good|Fair|Bad", "usefulness_reason": "<one short sentence>"}""";

  private static final List<String> REQUIRED = List.of("naturalness", "usefulness");

  private final LlmClient client;
  private final String model;
  private final String name;

  /**
   * @param client the model
   * @param model the model name sent with each request; empty = the client's default
   * @param name recorded with every rating ("llm:" + the spec, say)
   */
  public LlmRubricJudge(LlmClient client, String model, String name) {
    this.client = Objects.requireNonNull(client, "client");
    this.model = Objects.requireNonNull(model, "model");
    this.name = Objects.requireNonNull(name, "name");
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public RubricOutcome rate(FacetRequest request, Optional<String> reference, String candidate)
      throws LlmException {
    ChatRequest ask = ChatRequest.builder().model(model).temperature(0.0).system(SYSTEM_PROMPT)
        .user(prompt(request, reference, candidate)).build();
    JsonReply reply = StructuredAsk.ask(client, ask, REQUIRED);
    String raw = String.join("\n\n--- asked again ---\n\n", reply.raws());
    if (!reply.isParsed()) {
      return new UnparsedRating(raw, reply.problem());
    }
    ScaleRating[] ratings = new ScaleRating[2];
    for (RubricScale scale : RubricScale.values()) {
      JsonNode v = reply.object().get(scale.key());
      String gradeText = v.isObject() ? v.path("grade").asText(v.path("rating").asText("")) : v.asText();
      String reason = v.isObject() ? v.path("reason").asText("") : reply.text(scale.key() + "_reason").orElse("");
      Optional<Grade> grade = Grade.parse(gradeText);
      if (grade.isEmpty()) {
        return new UnparsedRating(raw, scale.key() + ": \"" + gradeText + "\" is not Good, Fair or Bad");
      }
      ratings[scale.ordinal()] = new ScaleRating(grade.get(), reason.strip());
    }
    return new RubricRating(ratings[0], ratings[1]);
  }

  static String prompt(FacetRequest request, Optional<String> reference, String candidate) {
    return "Request: " + request.request() + "\nFacet: " + request.facet()
        + reference.map(r -> "\nReference question (written by a person for this facet; Good on both scales): " + r)
            .orElse("")
        + "\nCandidate question: " + candidate + "\n\n" + RUBRIC;
  }

  @Override
  public String toString() {
    return "LlmRubricJudge{" + name + ", model=" + (model.isEmpty() ? "(client default)" : model) + "}";
  }
}
