package io.clarq.eval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.provider.llm.UnparsedReplyException;
import io.clarq.core.llm.LlmHttpException;
import io.clarq.core.llm.LlmUnparsedReplyException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A dialogue's failure is counted by kind: a reply an agent could not read is "unparsed", whichever agent it was
 * (the LLM provider's own exception included), never a "model error".
 */
class FailureKindTest {
  @Test
  void testAnUnreadableProviderReplyIsUnparsed() {
    assertThat(DialogueLoop.failureKind(new UnparsedReplyException("intent classification", "{\"type\": 9}")))
        .isEqualTo("unparsed");
    assertThat(DialogueLoop.failureKind(new LlmUnparsedReplyException("seeker turn", " ", "blank")))
        .isEqualTo("unparsed");
  }

  @Test
  void testARefusalIsAModelErrorAndAnOutageIsInfrastructure() {
    assertThat(DialogueLoop.failureKind(new LlmHttpException("HTTP 400", 400, Duration.ZERO)))
        .isEqualTo("model error");
    assertThat(DialogueLoop.failureKind(new LlmHttpException("HTTP 503", 503, Duration.ZERO)))
        .isEqualTo("infrastructure");
    assertThat(DialogueLoop.failureKind(new IllegalStateException("bug"))).isEqualTo("agent error");
  }
}
