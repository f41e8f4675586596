package io.clarq.core.llm.wire;

/**
 * A model's reasoning written into its text as a {@code <think>...</think>} block, taken off the text so it is never
 * spoken: vLLM without a reasoning parser, DeepSeek-R1 distills, Qwen3, and Ollama models that think in the content.
 * One helper for every client, so a reply reads the same whatever protocol carried it.
 */
public final class ThinkBlock {
  private static final String OPEN = "<think>";
  private static final String CLOSE = "</think>";

  private ThinkBlock() {}

  /**
   * {@code text} without its leading think block, whose contents are appended to {@code reasoning} (a newline
   * between them and what it held). An unclosed block is all reasoning; {@code "...</think>rest"} with no opening tag
   * is the form where the chat template put {@code <think>} into the prompt (DeepSeek-R1 on vLLM without a reasoning
   * parser, vllm-project/vllm#13125). Text without a block comes back unchanged.
   */
  public static String takeOff(String text, StringBuilder reasoning) {
    String lead = text.stripLeading();
    if (lead.startsWith(OPEN)) {
      int close = lead.indexOf(CLOSE);
      if (close < 0) {
        append(reasoning, lead.substring(OPEN.length()).strip());
        return "";
      }
      append(reasoning, lead.substring(OPEN.length(), close).strip());
      return lead.substring(close + CLOSE.length()).stripLeading();
    }
    int close = text.indexOf(CLOSE);
    if (close >= 0 && text.lastIndexOf(OPEN, close) < 0) {
      append(reasoning, text.substring(0, close).strip());
      return text.substring(close + CLOSE.length()).stripLeading();
    }
    return text;
  }

  /** Appends {@code more} to {@code reasoning}, a newline apart from what it held; nothing for empty text. */
  public static void append(StringBuilder reasoning, String more) {
    if (more.isEmpty()) {
      return;
    }
    if (reasoning.length() > 0) {
      reasoning.append('\n');
    }
    reasoning.append(more);
  }
}
