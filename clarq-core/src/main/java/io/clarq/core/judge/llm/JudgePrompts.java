package io.clarq.core.judge.llm;

import io.clarq.core.judge.JudgeQuestion;
import io.clarq.core.task.Language;

/**
 * The judge's question (clarq-llm-protocol.md §5 step 4) in our own words: does what the provider said carry the
 * purpose of one gold line of the response tree? English and Chinese, each asking for
 * {@code {"analysis": ..., "match": true|false}}.
 */
final class JudgePrompts {
  private JudgePrompts() {}

  static String system(Language language) {
    return language == Language.CHINESE ? SYSTEM_ZH : SYSTEM_EN;
  }

  static String user(JudgeQuestion q) {
    boolean zh = q.language() == Language.CHINESE;
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < q.generated().size(); i++) {
      lines.append(i + 1).append(". ").append(q.generated().get(i)).append('\n');
    }
    String purpose = q.purpose().isBlank() ? (zh ? "（未给出）" : "(not given)") : q.purpose();
    if (zh) {
      return "参考步骤：" + q.gold() + "\n这一步的用途：" + purpose + "\n助手实际说的话：\n" + lines
          + "\n助手说的这些话是否达到了这一步的用途？只回复 JSON 对象。";
    }
    return "Reference step: " + q.gold() + "\nWhat the step is for: " + purpose + "\nWhat the assistant said:\n"
        + lines + "\nDo the assistant's lines serve the purpose of this step? Reply with the JSON object only.";
  }

  private static final String SYSTEM_EN = """
      You check a conversation in which an assistant told someone how to carry out a task. You are given one \
      reference step of that task, what the step is for, and the lines the assistant actually said. Decide whether \
      the assistant's lines, taken together, give the person what this step is for, so that they could act on it. \
      The wording may differ; what matters is whether the step's purpose is served. Lines about other steps neither \
      help nor hurt.
      Reply with one JSON object and nothing else:
      {"analysis": "<one or two sentences of reasoning>", "match": true or false}""";

  private static final String SYSTEM_ZH = """
      你要检查一段对话：助手在对话中告诉对方如何完成一项任务。你会得到该任务的一个参考步骤、这一步的用途，以及助手实际说过的话。\
      请判断助手说的这些话合起来，是否让对方得到了这一步要提供的东西，使其能够照着去做。措辞可以不同，关键是这一步的用途是否达到。\
      涉及其他步骤的话既不加分也不减分。
      只回复一个 JSON 对象，不要有其他内容：
      {"analysis": "<一两句理由>", "match": true 或 false}""";
}
