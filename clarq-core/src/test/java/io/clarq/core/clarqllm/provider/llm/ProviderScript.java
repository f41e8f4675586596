package io.clarq.core.clarqllm.provider.llm;

import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmException;
import io.clarq.core.testing.ScriptedLlmClient;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Answers the provider's prompts by step (recognised from the prompt text, English or Chinese), so a test scripts
 * a whole dialogue by saying what each decision should come out as.
 */
public final class ProviderScript implements ScriptedLlmClient.Script {
  /** The provider's decisions, one prompt each. */
  public enum Step {
    GATE("asks you about the task of", "是否在向你询问"),
    INTENT("Classify the", "属于哪一类"),
    REPEAT("Have you already answered", "是否都已经在之前的对话中被你回答过"),
    PASS1("Does this reply clearly resolve", "是否清楚地解决了"),
    PASS2("Based on your analysis", "根据你的分析"),
    PASS3("notice the gap or ambiguity", "是否注意到了"),
    POSITIVE("a positive reply based on", "一个积极的回复"),
    REASSURANCE("Reassure the", "给他一个安慰的回复"),
    RESTATEMENT("Restate your earlier answer", "再说一遍"),
    MERGE("Combine the sentences", "合并成一段话");

    private final String english;
    private final String chinese;

    Step(String english, String chinese) {
      this.english = english;
      this.chinese = chinese;
    }

    /** The step a provider prompt belongs to, or null when it is no provider prompt. */
    public static Step of(String prompt) {
      for (Step s : values()) {
        if (prompt.contains(s.english) || prompt.contains(s.chinese)) {
          return s;
        }
      }
      return null;
    }
  }

  private final Map<Step, Function<String, String>> answers = new EnumMap<>(Step.class);

  /** Answers this step with the function of the prompt. */
  public ProviderScript on(Step step, Function<String, String> answer) {
    answers.put(step, answer);
    return this;
  }

  /** Answers this step always with the same text. */
  public ProviderScript on(Step step, String reply) {
    return on(step, p -> reply);
  }

  /** A scripted client running this script. */
  public ScriptedLlmClient client() {
    return new ScriptedLlmClient(this);
  }

  @Override
  public String reply(ChatRequest request) throws LlmException {
    String prompt = firstUserMessage(request);
    Step step = Step.of(prompt);
    if (step == null || !answers.containsKey(step)) {
      throw new LlmException("provider script: no answer for step " + step + " of prompt: " + prompt);
    }
    return answers.get(step).apply(prompt);
  }

  /** The prompt of a provider request (a retry appends the bad reply and a reminder after it). */
  public static String firstUserMessage(ChatRequest request) {
    for (ChatMessage m : request.messages()) {
      if (m.role() == ChatMessage.Role.USER) {
        return m.content();
      }
    }
    return "";
  }

  public static String type(int t) {
    return "{\"analysis\": \"scripted\", \"type\": " + t + "}";
  }

  public static String yes(String field) {
    return "{\"analysis\": \"scripted yes\", \"" + field + "\": true}";
  }

  public static String no(String field) {
    return "{\"analysis\": \"scripted no\", \"" + field + "\": false}";
  }

  /** A pass-3 verdict, for either pass-3 prompt (one reads "answerable", the other "correct"). */
  public static String pass3(boolean yes) {
    return "{\"analysis\": \"scripted\", \"answerable\": " + yes + ", \"correct\": " + yes + "}";
  }

  public static String response(String text) {
    return "{\"response\": \"" + text + "\"}";
  }
}
