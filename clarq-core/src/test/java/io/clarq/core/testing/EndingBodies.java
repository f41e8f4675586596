package io.clarq.core.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.testing.ProtocolNeutralLlmClientContract.Ending;
import java.util.Optional;

/**
 * Reply bodies that end for each {@link Ending}, written as each vendor documents its reply object, for the
 * {@link Wire#ending} of {@link FakeOpenAiServer}'s OpenAI wire and of {@link ProviderWires}. Empty where the protocol
 * has no such end. A tool call is always to a tool named {@code lookup}.
 */
final class EndingBodies {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private EndingBodies() {}

  /**
   * OpenAI's chat completion object (https://platform.openai.com/docs/api-reference/chat/object): {@code
   * finish_reason} "stop" / "length" / "content_filter" / "tool_calls"; a refusal in {@code message.refusal} with
   * {@code content} null (https://platform.openai.com/docs/guides/structured-outputs#refusals); reasoning in
   * {@code reasoning_content} with empty content (https://docs.vllm.ai/en/latest/features/reasoning_outputs.html).
   */
  static Optional<String> openAi(Ending ending, String text) {
    ObjectNode root = MAPPER.createObjectNode().put("id", "chatcmpl-ending").put("object", "chat.completion")
        .put("created", 1_700_000_000L).put("model", "contract-model");
    ObjectNode choice = root.putArray("choices").addObject().put("index", 0);
    ObjectNode message = choice.putObject("message").put("role", "assistant");
    switch (ending) {
      case STOP, LENGTH, CONTENT_FILTER -> message.put("content", text);
      case REFUSAL -> message.putNull("content").put("refusal", text);
      case TOOL_CALLS -> {
        message.putNull("content");
        message.putArray("tool_calls").addObject().put("id", "call_1").put("type", "function")
            .putObject("function").put("name", "lookup").put("arguments", "{\"q\": \"kitchen\"}");
      }
      case REASONING_ONLY -> message.put("content", "").put("reasoning_content", text);
      default -> throw new IllegalStateException("unknown ending " + ending);
    }
    choice.putNull("logprobs");
    choice.put("finish_reason", switch (ending) {
      case LENGTH -> "length";
      case CONTENT_FILTER -> "content_filter";
      case TOOL_CALLS -> "tool_calls";
      default -> "stop";
    });
    root.putObject("usage").put("prompt_tokens", 12).put("completion_tokens", 5).put("total_tokens", 17);
    return Optional.of(root.toString());
  }

  /**
   * Anthropic's Messages reply (https://docs.anthropic.com/en/api/messages): {@code stop_reason} "end_turn",
   * "max_tokens", "refusal", "tool_use" (https://docs.anthropic.com/en/api/handling-stop-reasons); a
   * {@code tool_use} content block (https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview); a
   * {@code thinking} block (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking). Anthropic has no
   * content-filter stop apart from its refusal.
   */
  static Optional<String> anthropic(Ending ending, String text) {
    if (ending == Ending.CONTENT_FILTER) {
      return Optional.empty();
    }
    ObjectNode root = MAPPER.createObjectNode().put("id", "msg_ending").put("type", "message")
        .put("role", "assistant").put("model", "contract-model");
    ArrayNode content = root.putArray("content");
    switch (ending) {
      case STOP, LENGTH, REFUSAL -> content.addObject().put("type", "text").put("text", text);
      case TOOL_CALLS -> content.addObject().put("type", "tool_use").put("id", "toolu_1").put("name", "lookup")
          .putObject("input").put("q", "kitchen");
      case REASONING_ONLY -> content.addObject().put("type", "thinking").put("thinking", text)
          .put("signature", "sig");
      default -> throw new IllegalStateException("unknown ending " + ending);
    }
    root.put("stop_reason", switch (ending) {
      case LENGTH -> "max_tokens";
      case REFUSAL -> "refusal";
      case TOOL_CALLS -> "tool_use";
      default -> "end_turn";
    });
    root.putNull("stop_sequence");
    root.putObject("usage").put("input_tokens", 12).put("output_tokens", 5);
    return Optional.of(root.toString());
  }

  /**
   * Gemini's generateContent reply (https://ai.google.dev/api/generate-content#generatecontentresponse):
   * {@code finishReason} STOP / MAX_TOKENS / SAFETY with the blocking {@code safetyRatings}
   * (https://ai.google.dev/api/generate-content#FinishReason); a {@code functionCall} part
   * (https://ai.google.dev/gemini-api/docs/function-calling); a {@code thought} part
   * (https://ai.google.dev/gemini-api/docs/thinking). Gemini has no refusal reason.
   */
  static Optional<String> gemini(Ending ending, String text) {
    if (ending == Ending.REFUSAL) {
      return Optional.empty();
    }
    ObjectNode root = MAPPER.createObjectNode();
    ObjectNode candidate = root.putArray("candidates").addObject();
    ObjectNode content = candidate.putObject("content");
    ArrayNode parts = content.putArray("parts");
    switch (ending) {
      case STOP, LENGTH, CONTENT_FILTER -> parts.addObject().put("text", text);
      case TOOL_CALLS -> parts.addObject().putObject("functionCall").put("name", "lookup").putObject("args")
          .put("q", "kitchen");
      case REASONING_ONLY -> parts.addObject().put("text", text).put("thought", true);
      default -> throw new IllegalStateException("unknown ending " + ending);
    }
    content.put("role", "model");
    candidate.put("finishReason", switch (ending) {
      case LENGTH -> "MAX_TOKENS";
      case CONTENT_FILTER -> "SAFETY";
      default -> "STOP";
    });
    candidate.put("index", 0);
    if (ending == Ending.CONTENT_FILTER) {
      candidate.putArray("safetyRatings").addObject().put("category", "HARM_CATEGORY_DANGEROUS_CONTENT")
          .put("probability", "HIGH").put("blocked", true);
    }
    root.putObject("usageMetadata").put("promptTokenCount", 12).put("candidatesTokenCount", 5)
        .put("totalTokenCount", 17);
    root.put("modelVersion", "contract-model");
    return Optional.of(root.toString());
  }

  /**
   * Ollama's chat reply, not streamed
   * (https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion): {@code done_reason} "stop" / "length"; {@code message.tool_calls} ("Chat request (with tools)", same page);
   * {@code message.thinking} ("Chat request (with thinking)"). Ollama has no content filter and no refusal.
   */
  static Optional<String> ollama(Ending ending, String text) {
    if (ending == Ending.CONTENT_FILTER || ending == Ending.REFUSAL) {
      return Optional.empty();
    }
    ObjectNode root = MAPPER.createObjectNode().put("model", "contract-model")
        .put("created_at", "2025-01-01T00:00:00.000000Z");
    ObjectNode message = root.putObject("message").put("role", "assistant");
    switch (ending) {
      case STOP, LENGTH -> message.put("content", text);
      case TOOL_CALLS -> {
        message.put("content", "");
        message.putArray("tool_calls").addObject().putObject("function").put("name", "lookup")
            .putObject("arguments").put("q", "kitchen");
      }
      case REASONING_ONLY -> message.put("content", "").put("thinking", text);
      default -> throw new IllegalStateException("unknown ending " + ending);
    }
    root.put("done", true);
    root.put("done_reason", ending == Ending.LENGTH ? "length" : "stop");
    root.put("total_duration", 1_000_000L).put("prompt_eval_count", 12).put("eval_count", 5);
    return Optional.of(root.toString());
  }
}
