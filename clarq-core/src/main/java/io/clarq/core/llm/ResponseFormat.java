package io.clarq.core.llm;

/** What shape of reply a request asks for. */
public enum ResponseFormat {
  /** Free text. */
  TEXT,
  /** OpenAI's JSON mode: {@code {"type": "json_object"}}. */
  JSON_OBJECT,
  /** A JSON schema the reply must follow ({@link ChatRequest#jsonSchema()}). */
  JSON_SCHEMA
}
