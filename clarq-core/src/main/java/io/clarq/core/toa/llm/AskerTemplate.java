package io.clarq.core.toa.llm;

import io.clarq.core.flm.IncompleteTask;

/**
 * Prompt templates for the LLM asker written for clarq; each gives the model the question and the incomplete context
 * and asks for one question whose answer is the missing fact. The paper's own prompts (Appendix A.1) are data, read at
 * run time into an {@link AskerPromptText}.
 */
public enum AskerTemplate implements AskerPrompt {
  /** Says plainly that a fact is missing and asks for the question that would retrieve it. */
  DIRECT("Here is a question and the facts known so far. The facts are not enough to answer the question: one "
      + "fact is missing.\n\nQuestion: {question}\n\nFacts:\n{context}\n\nAsk one short question whose answer "
      + "would be the missing fact. Reply with the question only."),
  /** Frames the model as a researcher who may ask an encyclopedia one question. */
  ENCYCLOPEDIA("You are answering a question with the help of an encyclopedia. You have already found these "
      + "passages:\n{context}\n\nThe question is: {question}\n\nYou may look up exactly one more sentence by asking "
      + "the encyclopedia one question. What do you ask? Reply with the question only."),
  /** Asks the model to name the gap first, then the question (only the last line is used). */
  REASON_THEN_ASK("Question: {question}\n\nContext:\n{context}\n\nThe context lacks one fact needed to answer the "
      + "question. In one sentence, say what is missing. Then, on a last line starting with \"Question:\", ask one "
      + "question that would retrieve that fact.");

  private final String text;

  AskerTemplate(String text) {
    this.text = text;
  }

  @Override
  public String render(IncompleteTask task) {
    return text.replace("{context}", task.context()).replace("{question}", task.question());
  }

  /** "direct", "encyclopedia", "reason_then_ask". */
  @Override
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
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
}
