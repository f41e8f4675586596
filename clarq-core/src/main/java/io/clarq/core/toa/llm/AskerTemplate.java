package io.clarq.core.toa.llm;

import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.toa.flm.IncompleteTask;
import java.util.Map;
import java.util.Optional;

/**
 * clarq's prompt templates for the LLM asker, by name; the words are the templates {@code asker/direct},
 * {@code asker/encyclopedia} and {@code asker/reason_then_ask} of a {@link PackLayout#TOA TOA} pack (clarq's own,
 * {@link PromptPack#builtIn}, unless {@link #in} another). Each gives the model the question and the incomplete
 * context and asks for one question whose answer is the missing fact. The paper's own prompts (Appendix A.1) are data,
 * read at run time into an {@link AskerPromptText}.
 */
public enum AskerTemplate implements AskerPrompt {
  /** Says plainly that a fact is missing and asks for the question that would retrieve it. */
  DIRECT,
  /** Frames the model as a researcher who may ask an encyclopedia one question. */
  ENCYCLOPEDIA,
  /** Asks the model to name the gap first, then the question (only the last line is used). */
  REASON_THEN_ASK;

  /** The template's name in a TOA pack ("asker/direct"). */
  public String template() {
    return "asker/" + label();
  }

  @Override
  public String render(IncompleteTask task) {
    return render(pack(), task);
  }

  String render(PromptPack pack, IncompleteTask task) {
    return pack.render(template(), Map.of("context", task.context(), "question", task.question()));
  }

  /** "direct", "encyclopedia", "reason_then_ask". */
  @Override
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** clarq's own TOA pack. */
  @Override
  public PromptPack pack() {
    return PromptPack.builtIn(PackLayout.TOA);
  }

  @Override
  public AskerPrompt in(PromptPack pack) {
    if (pack.layout() == PackLayout.TOA_ASKER) {
      return new AskerPromptText(pack.name(), pack, Optional.empty());
    }
    if (pack.layout() != PackLayout.TOA) {
      throw new IllegalArgumentException("prompt pack " + pack.id() + " is a " + pack.layout() + " pack; an asker "
          + "speaks from a toa or toa-asker pack");
    }
    return pack.equals(pack()) ? this : new InPack(this, pack);
  }

  /** Parses a template name case-insensitively ("direct", "reason-then-ask"); the error lists the known ones. */
  public static AskerTemplate parse(String name) {
    String n = name.trim().toUpperCase(java.util.Locale.ROOT).replace('-', '_');
    for (AskerTemplate t : values()) {
      if (t.name().equals(n)) {
        return t;
      }
    }
    throw new IllegalArgumentException("unknown asker template \"" + name + "\": known are direct, encyclopedia, "
        + "reason-then-ask");
  }

  /** One of clarq's templates taken from another TOA pack. */
  private record InPack(AskerTemplate template, PromptPack pack) implements AskerPrompt {
    @Override
    public String render(IncompleteTask task) {
      return template.render(pack, task);
    }

    @Override
    public String label() {
      return template.label();
    }

    @Override
    public AskerPrompt in(PromptPack other) {
      return template.in(other);
    }
  }
}
