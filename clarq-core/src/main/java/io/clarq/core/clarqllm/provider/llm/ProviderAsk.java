package io.clarq.core.clarqllm.provider.llm;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.json.JsonReply;
import io.clarq.core.prompt.PackAsk;
import java.util.List;

/**
 * One provider decision asked of the model: the reply must be readable and hold the field the step reads, else the
 * turn stops with an {@link UnparsedReplyException} carrying the raw replies. Counts the calls in the turn's log.
 */
final class ProviderAsk {
  private final PackAsk ask;

  ProviderAsk(PackAsk ask) {
    this.ask = ask;
  }

  PackAsk pack() {
    return ask;
  }

  /** The same asker for a turn of {@code trial} ({@link PackAsk#inTrial}). */
  ProviderAsk inTrial(int trial) {
    PackAsk t = ask.inTrial(trial);
    return t == ask ? this : new ProviderAsk(t);
  }

  /** @param step what the question decides, for the error message */
  JsonReply asked(String step, String prompt, Language language, TurnLog log, String field) throws LlmException {
    JsonReply reply = ask.ask(prompt, language, List.of(field));
    log.addCalls(reply.raws().size());
    if (!reply.isParsed()) {
      throw new UnparsedReplyException(step, String.join("\n---\n", reply.raws()));
    }
    return reply;
  }

  /** A yes/no field as the pack's behaviour reads it; a value it cannot read is unparsed, never a "no". */
  boolean yes(JsonReply reply, String field, String step) throws UnparsedReplyException {
    return ask.yes(reply, field).orElseThrow(() -> new UnparsedReplyException(step, reply.raw()));
  }
}
