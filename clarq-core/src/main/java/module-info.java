/**
 * clarq-core: the domain of every benchmark as immutable types, the agent SPIs, the model clients and the metrics.
 * Start with {@link io.clarq.core.asking.AskingAgent} (one asking agent for every benchmark) and
 * {@link io.clarq.core.llm.LlmClients} (a model client from a spec such as {@code openai:gpt-4o}).
 */
@SuppressWarnings({"module", "requires-automatic"})
module io.clarq.core {
  // JsonNode and ObjectNode appear in the API (deviations, prompt packs, structured replies)
  requires transitive com.fasterxml.jackson.databind;
  requires java.net.http;
  requires org.slf4j;
  // LangChain4j is optional (the anthropic:, gemini: and ollama: schemes): its jars carry no module name of their
  // own, so these are the names Java derives from the file names; io.clarq.core.llm.langchain4j touches its types
  // only when such a client is made. Not transitive, though ClarqChatModel is a LangChain4j ChatModel: a module that
  // requires io.clarq.core would then need LangChain4j to compile; one that uses ClarqChatModel requires it itself
  requires static langchain4j.core;
  requires static langchain4j.http.client;
  requires static langchain4j.anthropic;
  requires static langchain4j.google.ai.gemini;
  requires static langchain4j.ollama;

  exports io.clarq.core.asking;
  exports io.clarq.core.asking.llm;
  exports io.clarq.core.build;
  exports io.clarq.core.clariq;
  exports io.clarq.core.clarqllm.judge;
  exports io.clarq.core.clarqllm.judge.llm;
  exports io.clarq.core.clarqllm.judge.offline;
  exports io.clarq.core.clarqllm.metrics;
  exports io.clarq.core.clarqllm.provider;
  exports io.clarq.core.clarqllm.provider.console;
  exports io.clarq.core.clarqllm.provider.llm;
  exports io.clarq.core.clarqllm.seeker;
  exports io.clarq.core.clarqllm.seeker.console;
  exports io.clarq.core.clarqllm.seeker.llm;
  exports io.clarq.core.clarqllm.seeker.rule;
  exports io.clarq.core.clarqllm.task;
  exports io.clarq.core.clarqllm.transcript;
  exports io.clarq.core.clarqllm.tree;
  exports io.clarq.core.cq;
  exports io.clarq.core.dialogue;
  exports io.clarq.core.ir;
  exports io.clarq.core.llm;
  exports io.clarq.core.llm.batch;
  exports io.clarq.core.llm.cache;
  exports io.clarq.core.llm.json;
  exports io.clarq.core.llm.langchain4j;
  exports io.clarq.core.llm.openai;
  exports io.clarq.core.llm.pacing;
  exports io.clarq.core.llm.route;
  exports io.clarq.core.llm.usage;
  exports io.clarq.core.mediq;
  exports io.clarq.core.prompt;
  exports io.clarq.core.stats;
  exports io.clarq.core.toa;
  exports io.clarq.core.toa.flm;
  exports io.clarq.core.toa.llm;

  // internal: clarq's own modules only (ApiPackagesTest keeps the lists)
  exports io.clarq.core.files to io.clarq.datasets, io.clarq.eval, io.clarq.serve;
  exports io.clarq.core.llm.wire to io.clarq.eval;

  uses io.clarq.core.asking.AskingAgentProvider;
  uses io.clarq.core.clarqllm.seeker.SeekerAgentProvider;
  uses io.clarq.core.llm.LlmClientProvider;

  // as META-INF/services/io.clarq.core.llm.LlmClientProvider lists them (for the class path); ModuleServicesTest
  // keeps the two in step
  provides io.clarq.core.llm.LlmClientProvider with
      io.clarq.core.llm.openai.OpenAiClientProvider,
      io.clarq.core.llm.langchain4j.AnthropicClientProvider,
      io.clarq.core.llm.langchain4j.GeminiClientProvider,
      io.clarq.core.llm.langchain4j.OllamaClientProvider,
      io.clarq.core.llm.openai.OpenAiResponsesClientProvider;
}
