package io.clarq.core.llm.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class JsonReplyParserTest {
  private static final List<String> FIELDS = List.of("analysis", "match");

  @Test
  void testPlainObject() {
    JsonReply r = JsonReplyParser.parse("{\"analysis\": \"same purpose\", \"match\": true}", FIELDS);
    assertThat(r.isParsed()).isTrue();
    assertThat(r.text("analysis")).contains("same purpose");
    assertThat(r.bool("match")).contains(true);
    assertThat(r.problem()).isEmpty();
  }

  @Test
  void testFencedBlockWins() {
    String raw = "Sure! {draft}\n```json\n{\"analysis\": \"a\", \"match\": false}\n```\nHope that helps.";
    JsonReply r = JsonReplyParser.parse(raw, FIELDS);
    assertThat(r.bool("match")).contains(false);
    assertThat(r.raw()).isEqualTo(raw);
  }

  @Test
  void testObjectWrappedInProseWithBracesInStrings() {
    JsonReply r = JsonReplyParser.parse(
        "Here is my verdict: {\"analysis\": \"the line {x} says \\\"go\\\"\", \"match\": true} -- done", FIELDS);
    assertThat(r.text("analysis")).contains("the line {x} says \"go\"");
    assertThat(r.bool("match")).contains(true);
  }

  @Test
  void testPythonDictWithSingleQuotesAndTrueFalseNone() {
    JsonReply r = JsonReplyParser.parse(
        "{'analysis': \"it's the same step\", 'match': True, 'note': None, 'other': False,}", FIELDS);
    assertThat(r.isParsed()).isTrue();
    assertThat(r.text("analysis")).contains("it's the same step");
    assertThat(r.bool("match")).contains(true);
    assertThat(r.bool("other")).contains(false);
    assertThat(r.text("note")).isEmpty();
  }

  @Test
  void testPythonWordsInsideStringsAreKept() {
    JsonReply r = JsonReplyParser.parse("{'analysis': 'True to None', 'match': 'no'}", FIELDS);
    assertThat(r.text("analysis")).contains("True to None");
    assertThat(r.bool("match")).contains(false);
  }

  @Test
  void testLenientBooleans() {
    assertThat(JsonReplyParser.parse("{\"match\": \"是\"}", List.of("match")).bool("match")).contains(true);
    assertThat(JsonReplyParser.parse("{\"match\": \"Yes\"}", List.of("match")).bool("match")).contains(true);
    assertThat(JsonReplyParser.parse("{\"match\": 0}", List.of("match")).bool("match")).contains(false);
    assertThat(JsonReplyParser.parse("{\"match\": \"maybe\"}", List.of("match")).bool("match")).isEmpty();
  }

  @Test
  void testFirstObjectWithTheRequiredFieldsWins() {
    JsonReply r = JsonReplyParser.parse("{\"analysis\": \"x\"} then {\"analysis\": \"y\", \"match\": false}", FIELDS);
    assertThat(r.text("analysis")).contains("y");
  }

  @Test
  void testMissingFieldIsUnparsedNamingIt() {
    JsonReply r = JsonReplyParser.parse("{\"analysis\": \"x\", \"match\": null}", FIELDS);
    assertThat(r.isParsed()).isFalse();
    assertThat(r.problem()).startsWith("missing field match in {\"analysis\"");
    assertThat(r.raw()).isEqualTo("{\"analysis\": \"x\", \"match\": null}");
    assertThatThrownBy(r::object).isInstanceOf(IllegalStateException.class).hasMessageContaining("missing field");
  }

  @Test
  void testNoObjectIsUnparsedKeepingRaw() {
    JsonReply r = JsonReplyParser.parse("Yes, they match.", FIELDS);
    assertThat(r.isParsed()).isFalse();
    assertThat(r.problem()).isEqualTo("no JSON object in the reply: Yes, they match.");
    assertThat(r.raws()).containsExactly("Yes, they match.");
    assertThat(r.bool("match")).isEmpty();
  }

  @Test
  void testBrokenObjectIsUnparsedWithTheParserMessage() {
    JsonReply r = JsonReplyParser.parse("{\"analysis\": \"x\" \"match\": true}", FIELDS);
    assertThat(r.isParsed()).isFalse();
    assertThat(r.problem()).startsWith("not valid JSON: ");
  }

  @Test
  void testUnclosedObjectIsUnparsed() {
    assertThat(JsonReplyParser.parse("{\"analysis\": \"x\", \"match\": tr", FIELDS).isParsed()).isFalse();
  }
}
