package io.clarq.serve.study.web;

/**
 * The rating guideline shown beside every question, in clarq's own words (docs/studies.md has the same text): what
 * Good, Fair and Bad mean on each scale, judged against the reference question.
 */
final class Guideline {
  private Guideline() {}

  static final String HTML = """
      <p class="muted">Read the request and the reference question first: the reference shows what a helpful \
      clarifying question for this request looks like. Then grade the question on two scales, each on its own.</p>
      <h3>Naturalness</h3>
      <ul><li><b>Good</b>: reads like something a person would ask; fluent and grammatical.</li>
      <li><b>Fair</b>: understandable, but stiff, clumsy or oddly worded.</li>
      <li><b>Bad</b>: hard to understand, broken, or not a question at all.</li></ul>
      <h3>Usefulness</h3>
      <ul><li><b>Good</b>: an answer would narrow down what the user wants about as well as the reference \
      question would.</li>
      <li><b>Fair</b>: on topic and helps somewhat, but is vague, too broad, or asks about a side issue.</li>
      <li><b>Bad</b>: an answer would not help: off topic, already answered by the request, or unrelated to \
      the reference's intent.</li></ul>
      <p class="muted">Do not reward length or politeness. A question may be natural and useless, or useful and \
      clumsy: grade the two scales apart.</p>
      """;
}
