package io.clarq.core.provider.llm;

import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.provider.ProviderTurn;
import io.clarq.core.task.Language;
import io.clarq.core.tree.ResponseNode;
import java.util.List;

/**
 * The provider's prompts, one per decision of clarq-llm-protocol.md §4, in English and Chinese. Each asks for a JSON
 * object. The seeker is named by its role from the briefing ("adventurer"), its lines prefixed with it.
 */
final class ProviderPrompts {
  private final boolean zh;
  private final String role;
  private final String task;
  private final String transcript;
  private final String lastSeekerLine;

  ProviderPrompts(ProviderTurn turn) {
    this.zh = turn.task().language() == Language.CHINESE;
    this.role = turn.task().briefing().role();
    this.task = turn.task().briefing().task();
    this.transcript = render(turn.history(), role);
    this.lastSeekerLine = turn.seekerLine();
  }

  /** The dialogue as the prompts show it: provider lines as said, seeker lines prefixed with the seeker's role. */
  static String render(List<Utterance> history, String role) {
    StringBuilder sb = new StringBuilder();
    for (Utterance u : history) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      String text = u.text().strip();
      boolean named = text.startsWith(role + ":") || text.startsWith(role + "：");
      sb.append(u.speaker() == Speaker.SEEKER && !named ? role + ": " + text : text);
    }
    return sb.toString();
  }

  String relevance(String opening) {
    if (zh) {
      return "你是游戏中的角色Jax，你知道完成“" + task + "”任务的方法，其第一步是：“" + opening + "”。\n\n你和" + role
          + "到目前为止的对话：\n" + transcript + "\n\n判断" + role + "的最后一句话是否在向你询问与“" + task
          + "”任务有关的信息。\n只返回一个JSON对象：{\"analysis\": \"一句话的分析\", \"related\": true或false}";
    }
    return "You are Jax, a character in a game, and you know how to complete the task of " + task
        + ". The first step is: \"" + opening + "\"\n\nThe conversation so far between you and the " + role + ":\n"
        + transcript + "\n\nDecide whether the " + role + "'s last message asks you about the task of " + task
        + " (how to do it, or anything needed to do it).\nReturn only a JSON object: "
        + "{\"analysis\": \"one sentence\", \"related\": true or false}";
  }

  String intent(List<ResponseNode> available) {
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < available.size(); i++) {
      ResponseNode n = available.get(i);
      lines.append(zh ? "(" + (i + 1) + ") 内容：" + n.text() + "\t用途：" + n.purpose().orElse("")
          : "(" + (i + 1) + ") Line: " + n.text() + "\tPurpose: " + n.purpose().orElse("")).append('\n');
    }
    if (available.isEmpty()) {
      lines.append(zh ? "（没有了）\n" : "(none left)\n");
    }
    if (zh) {
      return "你是Jax，正在帮助" + role + "完成“" + task + "”任务。你之前提供的信息故意不完整：" + role
          + "需要自己发现缺失或不明确的地方并提问，你才把缺失的信息告诉他。\n\n你和" + role + "到目前为止的对话：\n"
          + transcript + "\n\n你还没有说出的信息及其用途：\n" + lines + "\n判断" + role + "的最后一句话属于哪一类：\n"
          + "1. 询问或确认整个任务的做法。\n2. 清楚地询问某个任务细节，且上面有一条信息能回答。\n"
          + "3. 清楚地询问某个任务细节，但上面没有信息能回答。\n4. 重复你在之前的对话中已经回答过的问题。\n"
          + "5. 与任务无关的询问或闲聊。\n6. 含糊、容易引起误解的提问，或空泛的提问（例如“下一步呢？”“还有别的吗？”）。\n"
          + "只返回一个JSON对象：{\"analysis\": \"一句话的分析\", \"type\": 1到6的整数}";
    }
    return "You are Jax, helping a " + role + " complete the task of " + task + ". What you have told them so far is "
        + "incomplete on purpose: they must notice what is missing or unclear and ask about it, and only then do you "
        + "give the missing line.\n\nThe conversation so far between you and the " + role + ":\n" + transcript
        + "\n\nLines you have not given yet, with their purpose:\n" + lines + "\nClassify the " + role
        + "'s last message into exactly one type:\n1. Asks about or confirms the whole task.\n"
        + "2. A clear question about a task detail that one of the lines above answers.\n"
        + "3. A clear question about a task detail that none of the lines above answers.\n"
        + "4. Repeats a question you have already answered earlier in the conversation.\n"
        + "5. Chat or questions unrelated to the task.\n"
        + "6. A vague or ambiguous question, or an open one such as \"What's next?\" or \"Anything else?\".\n"
        + "Return only a JSON object: {\"analysis\": \"one sentence\", \"type\": an integer from 1 to 6}";
  }

  String repeat() {
    if (zh) {
      return "你是Jax。你和" + role + "到目前为止的对话：\n" + transcript + "\n\n" + role
          + "最后一句话里的每一个问题是否都已经在之前的对话中被你回答过？\n"
          + "只返回一个JSON对象：{\"analysis\": \"一句话的分析\", \"repeat\": 全部回答过为true，否则为false}";
    }
    return "You are Jax. The conversation so far between you and the " + role + ":\n" + transcript
        + "\n\nHave you already answered, earlier in this conversation, every question in the " + role
        + "'s last message?\nReturn only a JSON object: {\"analysis\": \"one sentence\", "
        + "\"repeat\": true if all were answered before, else false}";
  }

  /** Pass 1: does this line clearly resolve part of the question? */
  String clearlyResolves(ResponseNode node) {
    if (zh) {
      return role + "的提问：\n" + lastSeekerLine + "\n\n候选回复：\nJax: " + node.text() + "\n\n这条回复的用途：\n"
          + node.purpose().orElse("") + "\n\n这条回复是否清楚地解决了" + role + "提问中的至少一部分？如果提问的关注点与回复的关注点不同，"
          + "就没有解决。\n只返回一个JSON对象：{\"analysis\": \"分析\", \"answerable\": true或false}";
    }
    return "The " + role + "'s question:\n" + lastSeekerLine + "\n\nA candidate reply:\nJax: " + node.text()
        + "\n\nPurpose of this reply:\n" + node.purpose().orElse("") + "\n\nDoes this reply clearly resolve at least "
        + "part of what the " + role + " asks? If the question's focus differs from the reply's focus, it does not."
        + "\nReturn only a JSON object: {\"analysis\": \"your analysis\", \"answerable\": true or false}";
  }

  /** Pass 2: given the pass-1 analysis, is part of the question answerable by this line? */
  String answerableGiven(ResponseNode node, String analysis) {
    if (zh) {
      return role + "的提问：\n" + lastSeekerLine + "\n\n候选回复：\nJax: " + node.text() + "\n\n这条回复的用途：\n"
          + node.purpose().orElse("") + "\n\n你之前的分析：\n" + analysis + "\n\n根据你的分析，这条回复是否能回答" + role
          + "提问中的一部分（不必回答全部）？\n只返回一个JSON对象：{\"answerable\": true或false}";
    }
    return "The " + role + "'s question:\n" + lastSeekerLine + "\n\nA candidate reply:\nJax: " + node.text()
        + "\n\nPurpose of this reply:\n" + node.purpose().orElse("") + "\n\nYour earlier analysis:\n" + analysis
        + "\n\nBased on your analysis, does this reply answer some part of the " + role
        + "'s question (it need not answer all of it)?\nReturn only a JSON object: {\"answerable\": true or false}";
  }

  /** Pass 3: did the seeker notice the ambiguity this line resolves, or hold a wrong assumption it corrects? */
  String noticedOrCorrects(ResponseNode node) {
    if (zh) {
      return role + "的话：\n" + lastSeekerLine + "\n\n候选回复（内容正确）：\nJax: " + node.text() + "\n\n这条回复的用途：\n"
          + node.purpose().orElse("") + "\n\n" + role + "是否注意到了这条回复所澄清的问题（例如存在多个可选项需要澄清），"
          + "或者他的话里是否有这条回复能纠正的错误假设或推理？忽略你之前说过的内容不算错误。\n"
          + "只返回一个JSON对象：{\"analysis\": \"分析\", \"answerable\": true或false}";
    }
    return "The " + role + "'s message:\n" + lastSeekerLine + "\n\nA candidate reply (its content is correct):\nJax: "
        + node.text() + "\n\nPurpose of this reply:\n" + node.purpose().orElse("") + "\n\nDid the " + role
        + " notice the gap or ambiguity this reply resolves (for example, that there are several options to choose "
        + "from), or does their message hold a wrong assumption or reasoning this reply corrects? Overlooking "
        + "something you said before does not count as a wrong assumption.\nReturn only a JSON object: "
        + "{\"analysis\": \"your analysis\", \"answerable\": true or false}";
  }

  /** Response II for type 1: positive, never claiming the seeker has everything. */
  String positive() {
    if (zh) {
      return "你是Jax。你和" + role + "到目前为止的对话：\n" + transcript + "\n\n根据对话给" + role
          + "一个积极的回复，例如“你的计划听起来不错，还有什么具体问题吗？”。不要说他已经掌握了全部信息或步骤：这只能由他自己判断。\n"
          + "只返回一个JSON对象：{\"response\": \"你的回复\"}";
    }
    return "You are Jax. The conversation so far between you and the " + role + ":\n" + transcript
        + "\n\nGive the " + role + " a positive reply based on the conversation, for example \"Your plan sounds good; "
        + "do you have any specific questions?\". Do not say or imply that they have all the information or steps "
        + "they need: only they can judge that.\nReturn only a JSON object: {\"response\": \"your reply\"}";
  }

  /** Response II for types 3 and 6: reassurance that invents no task content. */
  String reassurance() {
    if (zh) {
      return "你是Jax，一个很简单的游戏里的信息提供者：玩家能做的主要是使用物品、技能/动作，前往场景，与人交谈。" + role
          + "似乎想得太多了，超出了任务的要求。\n\n你和" + role + "到目前为止的对话：\n" + transcript
          + "\n\n根据对话给他一个安慰的回复，让他别想太多，例如“这个怎么处理都可以，不是任务的重点。”“直接前往那个场景就行。”"
          + "“能说得更具体一点吗？”。不要编造任何对话中没有的任务内容，不要复述他的问题，也不要说他已经掌握了全部信息或没有其他需要注意的了。\n"
          + "只返回一个JSON对象：{\"response\": \"你的回复\"}";
    }
    return "You are Jax, the information giver in a very simple game: players mainly use items and skills/actions, go "
        + "to scenes and talk to people. The " + role + " seems to be overthinking beyond what the task needs.\n\n"
        + "The conversation so far between you and the " + role + ":\n" + transcript + "\n\nReassure the " + role
        + " and tell them not to worry too much, for example \"It does not matter how you handle that; it is not the "
        + "point of the task.\", \"Just go to that scene directly.\" or \"Could you ask more specifically?\". Do not "
        + "invent any task content that is not already in the conversation, do not repeat their question, and do "
        + "not say that they have everything or that nothing else matters.\n"
        + "Return only a JSON object: {\"response\": \"your reply\"}";
  }

  /** Response II for type 4: restate the earlier answer, nothing new. */
  String restatement() {
    if (zh) {
      return "你是Jax。你和" + role + "到目前为止的对话：\n" + transcript + "\n\n" + role
          + "又问了你之前回答过的问题。以积极的方式把之前的回答再说一遍；只能使用对话中已经出现过的信息，不要编造新内容。\n"
          + "只返回一个JSON对象：{\"response\": \"你的回复\"}";
    }
    return "You are Jax. The conversation so far between you and the " + role + ":\n" + transcript + "\n\nThe "
        + role + " asked again something you have already answered. Restate your earlier answer in a positive way, "
        + "using only information already said in the conversation; add nothing new.\n"
        + "Return only a JSON object: {\"response\": \"your reply\"}";
  }

  /** The multi-info merge: join the sentences, changing nothing but each one's final punctuation. */
  static String merge(Language language, List<String> sentences) {
    String list = String.join("\n", sentences);
    if (language == Language.CHINESE) {
      return "把下面几句话合并成一段话。可以在句子之间加连接词，但除了每句最后的标点，句子的内容、标点和顺序都不能改。\n\n"
          + "要合并的句子：\n" + list + "\n\n只返回一个JSON对象：{\"output\": \"合并后的话\"}";
    }
    return "Combine the sentences below into one passage. You may add connecting words between sentences, but apart "
        + "from each sentence's final punctuation you must not change any sentence's wording, punctuation or order."
        + "\n\nSentences to combine:\n" + list + "\n\nReturn only a JSON object: {\"output\": \"the combined passage\"}";
  }
}
