package io.clarq.serve.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/** Escaping by hand, and the page policy's script digests. */
class HtmlAndPolicyTest {
  @Test
  void testEscapedTextStaysText() {
    String hostile = "<script>alert('x')</script><img src=x onerror=\"alert(1)\">&amp;";
    String escaped = Html.escape(hostile);
    assertThat(escaped).doesNotContain("<").doesNotContain(">").doesNotContain("\"").doesNotContain("'");
    // as a text node and as an attribute value, the browser's parser gives back exactly the text
    assertThat(Jsoup.parse("<p title=\"" + escaped + "\">" + escaped + "</p>").selectFirst("p").text())
        .isEqualTo(hostile);
    assertThat(Jsoup.parse("<p title=\"" + escaped + "\">x</p>").selectFirst("p").attr("title")).isEqualTo(hostile);
    assertThat(Html.escape(null)).isEmpty();
  }

  @Test
  void testThePolicyAllowsExactlyThePagesInlineScriptsByDigest() {
    assertThat(Pages.policy("<p>no script</p>")).isEqualTo(Pages.BASE_POLICY);
    // the SHA-256 of the empty string, as every CSP document lists it: 47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=
    assertThat(Pages.policy("<script></script><script src=\"/x.js\"></script>")).isEqualTo(Pages.BASE_POLICY
        + "; script-src 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    assertThat(Pages.policy("<script>a()</script><script>a()</script><script>b()</script>"))
        .matches(".*script-src 'sha256-[A-Za-z0-9+/=]{44}' 'sha256-[A-Za-z0-9+/=]{44}'$");
    assertThat(Pages.BASE_POLICY).contains("default-src 'none'").contains("frame-ancestors 'none'")
        .contains("form-action 'self'").doesNotContain("script-src");
  }
}
