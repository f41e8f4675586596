package io.clarq.eval.cq;

import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.cq.QuestionCandidate;
import io.clarq.core.cq.QuestionGenerator;
import io.clarq.core.cq.RubricJudge;
import io.clarq.core.cq.RubricOutcome;
import io.clarq.core.cq.RubricRating;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.TokenLogprob;
import io.clarq.core.llm.json.StructuredAsk;
import io.clarq.core.prompt.AgentBuilder;
import io.clarq.core.prompt.PackAgent;
import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A facet-constrained LLM generator, its words from a CQ prompt pack ({@code generator/system}, {@code generator/ask},
 * {@code generator/retry_one|many}). For each question form ("Are you looking for", "Would you like", ...) it asks
 * the model for one clarifying question that opens with the form and uses every facet word. A reply missing facet
 * words is rejected: the model is shown its question and the missing words and asked again, up to
 * {@link Settings#maxAttempts()} times per form; a form still failing keeps its last reply with the missing words
 * recorded. The candidates are then ranked: those holding every facet word first; among them, by the model's own
 * score (mean token log-probability of the reply) when the server returned log-probabilities for every candidate,
 * else by the rubric judge (usefulness, then naturalness) when one is given, else the first in form order.
 */
public final class LlmQuestionGenerator extends PackAgent<LlmQuestionGenerator> implements QuestionGenerator {
  /** The question forms tried by default, in order. */
  public static final List<String> DEFAULT_FORMS =
      List.of("Are you looking for", "Would you like", "Do you want to know", "Are you interested in");

  /**
   * How the generator asks; the model, and whether log-probabilities are asked for, come from the client
   * ({@link LlmClient#model()}, {@link LlmClient#capabilities()}).
   *
   * @param forms the question forms, each tried once (never empty)
   * @param maxAttempts how many times one form may be asked for before its failure is recorded (1-10)
   * @param temperature sampling temperature sent with each request
   */
  public record Settings(List<String> forms, int maxAttempts, double temperature) {
    /** Defaults: {@link #DEFAULT_FORMS}, 3 attempts, temperature 0. */
    public static final Settings DEFAULT = new Settings(DEFAULT_FORMS, 3, 0.0);

    public Settings {
      forms = List.copyOf(forms);
      if (forms.isEmpty() || forms.stream().anyMatch(String::isBlank)) {
        throw new IllegalArgumentException("illegal question forms " + forms + ": need at least one, none blank");
      }
      if (maxAttempts < 1 || maxAttempts > 10) {
        throw new IllegalArgumentException("illegal max attempts " + maxAttempts + ": must be 1-10");
      }
      if (!(temperature >= 0.0 && temperature <= 2.0)) {
        throw new IllegalArgumentException("illegal temperature " + temperature + ": must be in [0, 2]");
      }
    }

    public Settings withForms(List<String> f) {
      return new Settings(f, maxAttempts, temperature);
    }

    public Settings withMaxAttempts(int n) {
      return new Settings(forms, n, temperature);
    }
  }

  private final Settings settings;
  private final Optional<RubricJudge> judge;
  private final String name;

  private LlmQuestionGenerator(Builder b) {
    super(b);
    this.settings = b.settings;
    this.judge = b.judge;
    this.name = b.name != null ? b.name : "llm:" + modelName();
  }

  /**
   * A builder for a generator on this client (its model; log-probabilities as its capabilities allow); defaults:
   * {@link Settings#DEFAULT}, no rank judge, clarq's own CQ pack, name "llm:" + the model.
   */
  public static Builder builder(LlmClient client) {
    return new Builder(client);
  }

  @Override
  protected Builder toBuilder() {
    Builder b = builder(client()).prompts(prompts()).settings(settings).name(name);
    judge.ifPresent(b::rankJudge);
    return b;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public GeneratedQuestion generate(FacetRequest request) throws LlmException {
    List<QuestionCandidate> candidates = new ArrayList<>();
    for (String form : settings.forms()) {
      candidates.add(ask(request, form));
    }
    if (candidates.size() == 1) {
      return GeneratedQuestion.single(request.id(), name, candidates.get(0));
    }
    GeneratedQuestion.Ranking ranking;
    if (candidates.stream().allMatch(c -> c.score().isPresent())) {
      ranking = GeneratedQuestion.Ranking.LOGPROB;
    } else if (judge.isPresent()) {
      ranking = GeneratedQuestion.Ranking.JUDGE;
      candidates = judged(request, candidates);
    } else {
      ranking = GeneratedQuestion.Ranking.FIRST;
      candidates = candidates.stream().map(c -> c.score().isPresent()
          ? new QuestionCandidate(c.form(), c.text(), c.attempts(), c.rejected(), c.missingFacetWords(),
              OptionalDouble.empty())
          : c).toList();
    }
    return new GeneratedQuestion(request.id(), name, ranking, candidates, best(candidates));
  }

  /** Asks for one form until the facet words are all there or the attempts run out. */
  private QuestionCandidate ask(FacetRequest request, String form) throws LlmException {
    List<String> words = request.facetWords();
    ChatRequest.Builder b = ChatRequest.builder().model(client().model()).temperature(settings.temperature())
        .logprobs(client().capabilities().logprobs()).maxTokens(96)
        .system(prompts().render("generator/system", Map.of()))
        .user(prompts().render("generator/ask", Map.of("request", request.request(), "facet", request.facet(), "form", form,
            "words", String.join(", ", words))));
    List<String> rejected = new ArrayList<>();
    for (int attempt = 1; ; attempt++) {
      ChatRequest asked = b.build();
      ChatResponse reply = client().chat(asked);
      String text = StructuredAsk.requireText(reply, "generated question", LlmQuestionGenerator::cleanQuestion);
      client().accept(asked, reply);
      List<String> missing = QuestionCandidate.missingWords(words, text);
      if (missing.isEmpty() || attempt == settings.maxAttempts()) {
        return new QuestionCandidate(form, text, attempt, rejected, missing, meanLogprob(reply.logprobs()));
      }
      rejected.add(text);
      // the conversation grows with each retry, so a deterministic server or a response cache cannot repeat itself
      b.assistant(reply.text()).user(prompts().render(missing.size() == 1 ? "generator/retry_one" : "generator/retry_many",
          Map.of("missing", String.join(", ", missing), "form", form, "words", String.join(", ", words))));
    }
  }

  /** The candidates with the judge's points (3 x usefulness + naturalness); an unparsed rating gets no score. */
  private List<QuestionCandidate> judged(FacetRequest request, List<QuestionCandidate> candidates)
      throws LlmException {
    List<QuestionCandidate> out = new ArrayList<>();
    for (QuestionCandidate c : candidates) {
      // no reference question exists while generating: the judge rates against the rubric alone
      RubricOutcome o = judge.get().rate(request, Optional.empty(), c.text());
      OptionalDouble points = o instanceof RubricRating r
          ? OptionalDouble.of(3 * r.usefulness().grade().points() + r.naturalness().grade().points())
          : OptionalDouble.empty();
      out.add(new QuestionCandidate(c.form(), c.text(), c.attempts(), c.rejected(), c.missingFacetWords(), points));
    }
    return out;
  }

  /** Facet-satisfying candidates before the others; then the highest score; then form order. */
  static int best(List<QuestionCandidate> candidates) {
    int best = 0;
    for (int i = 1; i < candidates.size(); i++) {
      if (compare(candidates.get(i), candidates.get(best)) > 0) {
        best = i;
      }
    }
    return best;
  }

  private static int compare(QuestionCandidate a, QuestionCandidate b) {
    if (a.facetSatisfied() != b.facetSatisfied()) {
      return a.facetSatisfied() ? 1 : -1;
    }
    double sa = a.score().orElse(Double.NEGATIVE_INFINITY);
    double sb = b.score().orElse(Double.NEGATIVE_INFINITY);
    return Double.compare(sa, sb);
  }

  /** The mean log-probability of the reply's tokens; empty when the server sent none. */
  static OptionalDouble meanLogprob(List<TokenLogprob> tokens) {
    return tokens.stream().mapToDouble(TokenLogprob::logprob).average();
  }

  /** The first non-empty line without surrounding quotes or a "Question:" label. */
  static String cleanQuestion(String reply) {
    String line = reply.strip().lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("");
    if (line.regionMatches(true, 0, "question:", 0, 9)) {
      line = line.substring(9).strip();
    }
    while (line.length() >= 2 && "\"'\u201c\u201d`".indexOf(line.charAt(0)) >= 0
        && "\"'\u201c\u201d`".indexOf(line.charAt(line.length() - 1)) >= 0) {
      line = line.substring(1, line.length() - 1).strip();
    }
    return line;
  }

  @Override
  public String toString() {
    return "LlmQuestionGenerator{" + name + ", " + settings + ", judge=" + judge.map(RubricJudge::name).orElse("none")
        + "}";
  }

  /** Makes an {@link LlmQuestionGenerator}: a client and a CQ pack, the settings, a rank judge and a name. */
  public static final class Builder extends AgentBuilder<Builder, LlmQuestionGenerator> {
    private Settings settings = Settings.DEFAULT;
    private Optional<RubricJudge> judge = Optional.empty();
    private String name;

    private Builder(LlmClient client) {
      super(client, PromptPack.builtIn(PackLayout.CQ));
    }

    /** How to ask (default {@link Settings#DEFAULT}). */
    public Builder settings(Settings s) {
      this.settings = Objects.requireNonNull(s, "settings");
      return this;
    }

    /** Ranks candidates when the server gives no log-probabilities (default none). */
    public Builder rankJudge(RubricJudge j) {
      this.judge = Optional.of(j);
      return this;
    }

    /** Recorded with every question ("llm:" + the spec, say; default "llm:" + the client's model). */
    public Builder name(String n) {
      this.name = Objects.requireNonNull(n, "name");
      return this;
    }

    @Override
    public LlmQuestionGenerator build() {
      return new LlmQuestionGenerator(this);
    }
  }
}
