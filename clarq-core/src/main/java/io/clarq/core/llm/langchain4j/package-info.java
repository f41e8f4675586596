/**
 * Models beyond the OpenAI protocol, through LangChain4j (an optional dependency): an {@link io.clarq.core.llm.LlmClient}
 * over any LangChain4j {@code ChatModel}, the {@code anthropic:}, {@code gemini:} and {@code ollama:} schemes on
 * LangChain4j's provider modules, and the other direction, a {@code ChatModel} over any clarq client. The scheme
 * providers touch no LangChain4j type until a client is made, so the library loads without LangChain4j.
 */
package io.clarq.core.llm.langchain4j;
