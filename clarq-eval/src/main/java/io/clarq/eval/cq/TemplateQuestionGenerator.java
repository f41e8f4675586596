package io.clarq.eval.cq;

import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.cq.QuestionCandidate;
import io.clarq.core.cq.QuestionGenerator;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The baseline that needs no model: one fixed question form filled with the facet keywords and the request's subject
 * ({@link RequestTopic}), e.g. "are you looking for list homes sale of cass county missouri?". Deterministic; the
 * facet words always appear, so the facet constraint always holds. The default form, {@link Form#LOOKING_FOR}, had
 * the best corpus BLEU-4 among the forms tried on the ClariQ-FKw train split (never tuned on dev).
 */
public final class TemplateQuestionGenerator implements QuestionGenerator {
  /** The question forms; {facet} and {topic} are filled in. */
  public enum Form {
    LOOKING_FOR("are you looking for {facet} of {topic}?"),
    INTERESTED_IN("are you interested in {facet} of {topic}?"),
    WANT_TO_KNOW("do you want to know about {facet} of {topic}?"),
    WOULD_LIKE("would you like to know about {facet} of {topic}?"),
    FACET_ONLY("are you interested in {facet}?");

    private final String pattern;

    Form(String pattern) {
      this.pattern = pattern;
    }

    /** The form's pattern. */
    public String pattern() {
      return pattern;
    }

    /** "interested-in", ...: the name used in generator specs ({@code template:looking-for}). */
    public String key() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The form a key names; the error lists the known keys. */
    public static Form parse(String key) {
      for (Form f : values()) {
        if (f.key().equals(key.strip().toLowerCase(Locale.ROOT))) {
          return f;
        }
      }
      throw new IllegalArgumentException("unknown template form \"" + key + "\": expected one of "
          + Arrays.stream(values()).map(Form::key).toList());
    }
  }

  private final Form form;

  public TemplateQuestionGenerator(Form form) {
    this.form = Objects.requireNonNull(form, "form");
  }

  /** The baseline with its default form. */
  public TemplateQuestionGenerator() {
    this(Form.LOOKING_FOR);
  }

  @Override
  public String name() {
    return "template:" + form.key();
  }

  @Override
  public GeneratedQuestion generate(FacetRequest request) {
    String facet = String.join(" ", request.facetWords());
    String text = form.pattern.replace("{facet}", facet).replace("{topic}", RequestTopic.of(request.request()));
    QuestionCandidate c = new QuestionCandidate(form.key(), text, 1, List.of(),
        QuestionCandidate.missingWords(request.facetWords(), text), OptionalDouble.empty());
    return GeneratedQuestion.single(request.id(), name(), c);
  }

  @Override
  public String toString() {
    return "TemplateQuestionGenerator{form=" + form.key() + ", pattern=\"" + form.pattern + "\"}";
  }
}
