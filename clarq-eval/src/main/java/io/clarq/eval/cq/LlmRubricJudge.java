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
import io.clarq.core.prompt.AgentBuilder;
import io.clarq.core.prompt.PackAgent;
import io.clarq.core.prompt.PackAsk;
import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The rubric judge on a language model, its words from a CQ prompt pack ({@code judge/system}, {@code judge/rate},
 * {@code judge/reference}, {@code judge/reminder}). It shows the model the request, the facet, the reference question (when there is one)
 * and the candidate, states the rubric (the grades as the annotation guide of Wang et al., WWW 2023, defines them, in
 * our words), and asks for one JSON object
 * {@code {"naturalness": "Good|Fair|Bad", "naturalness_reason": "...", "usefulness": ..., "usefulness_reason": ...}}
 * (a nested {@code {"naturalness": {"grade": ..., "reason": ...}}} is read too). A reply that cannot be read is asked
 * for once more ({@link StructuredAsk}); a reply still unreadable, or with a grade other than Good/Fair/Bad, becomes
 * an {@link UnparsedRating} keeping every raw reply. Temperature 0, so the same question is rated the same way.
 */
public final class LlmRubricJudge extends PackAgent<LlmRubricJudge> implements RubricJudge {
  private static final List<String> REQUIRED = List.of("naturalness", "usefulness");

  private final String name;

  private LlmRubricJudge(Builder b) {
    super(b);
    this.name = b.name != null ? b.name : "llm:" + modelName();
  }

  /** A builder for a judge on this client (its model); defaults: clarq's own CQ pack, name "llm:" + the model. */
  public static Builder builder(LlmClient client) {
    return new Builder(client);
  }

  @Override
  protected Builder toBuilder() {
    return builder(client()).prompts(prompts()).name(name);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public RubricOutcome rate(FacetRequest request, Optional<String> reference, String candidate)
      throws LlmException {
    ChatRequest ask = ChatRequest.builder().model(client().model()).temperature(0.0)
        .system(prompts().render("judge/system", Map.of())).user(prompt(request, reference, candidate)).build();
    JsonReply reply = StructuredAsk.ask(client(), ask, REQUIRED,
        PackAsk.reminder(prompts(), "judge/reminder", io.clarq.core.clarqllm.task.Language.ENGLISH));
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

  /** The prompt for one candidate: the request, the facet, the reference question if any, the candidate, the rubric. */
  String prompt(FacetRequest request, Optional<String> reference, String candidate) {
    String ref = reference.map(r -> prompts().render("judge/reference", Map.of("reference", r))).orElse("");
    return prompts().render("judge/rate", Map.of("request", request.request(), "facet", request.facet(),
        "reference", ref, "candidate", candidate));
  }

  @Override
  public String toString() {
    return "LlmRubricJudge{" + name + ", model=" + modelName() + ", prompts=" + prompts().id() + "}";
  }

  /** Makes an {@link LlmRubricJudge}: a client and a CQ pack, and a name. */
  public static final class Builder extends AgentBuilder<Builder, LlmRubricJudge> {
    private String name;

    private Builder(LlmClient client) {
      super(client, PromptPack.builtIn(PackLayout.CQ));
    }

    /** Recorded with every rating ("llm:" + the spec, say; default "llm:" + the client's model). */
    public Builder name(String n) {
      this.name = Objects.requireNonNull(n, "name");
      return this;
    }

    @Override
    public LlmRubricJudge build() {
      return new LlmRubricJudge(this);
    }
  }
}
