package io.clarq.core.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Header values are secrets of any shape: hidden whole and by their long words, never parsed as keys. */
class RedactorTest {
  @Test
  void testAValueWithSpacesIsHiddenWholeAndByItsToken() {
    Redactor r = Redactor.of(Optional.of(ApiKey.of("sk-key-0123456789", "test")),
        List.of("Bearer user-token-5f2a9c81", "team blue"));
    assertThat(r.redact("got Bearer user-token-5f2a9c81; token user-token-5f2a9c81; key sk-key-0123456789"))
        .isEqualTo("got [redacted]; token [redacted]; key [redacted]");
    // a short value is hidden only as a whole token; its short words ("Bearer", "team") are not secrets
    assertThat(r.redact("team blue, the blue team, teamblue")).isEqualTo("[redacted], the blue team, teamblue");
    assertThat(r.redact(null)).isNull();
    assertThat(r.toString()).doesNotContain("user-token").doesNotContain("team blue");
  }

  @Test
  void testAnEmptyOrBlankValueHidesNothing() {
    assertThat(Redactor.of(Optional.empty(), List.of("", "  ")).redact("plain text")).isEqualTo("plain text");
    assertThat(Redactor.NONE.redact("plain text")).isEqualTo("plain text");
  }
}
