package io.clarq.core.llm.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * LangChain4j is optional: with its jars off the class path, clarq-core still loads every {@code LlmClientProvider}
 * (ServiceLoader makes them all), lists the three schemes, serves {@code openai:}, and refuses {@code anthropic:}
 * with a message naming the Maven coordinates to add.
 */
class WithoutLangChain4jTest {
  private static URLClassLoader withoutLangChain4j() throws Exception {
    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.replace('\\', '/').contains("/dev/langchain4j/")) {
        urls.add(new File(entry).toURI().toURL());
      }
    }
    return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  @Test
  void testSchemesLoadAndRefuseWithTheCoordinatesToAdd() throws Exception {
    try (URLClassLoader loader = withoutLangChain4j()) {
      assertThat(loader.getResource("dev/langchain4j/model/chat/ChatModel.class")).isNull();
      Class<?> clients = Class.forName("io.clarq.core.llm.LlmClients", true, loader);
      Class<?> spec = Class.forName("io.clarq.core.llm.LlmSpec", true, loader);
      Class<?> listener = Class.forName("io.clarq.core.llm.LlmListener", true, loader);
      Object none = listener.getField("NONE").get(null);

      @SuppressWarnings("unchecked")
      Map<String, String> schemes = (Map<String, String>) clients.getMethod("knownSchemes").invoke(null);
      assertThat(schemes).containsKeys("openai", "anthropic", "gemini", "ollama");

      Method fromSpec = clients.getMethod("fromSpec", spec, Function.class, listener);
      Method parse = spec.getMethod("parse", String.class);
      Function<String, String> env = name -> name.equals("ANTHROPIC_API_KEY") ? "sk-ant-test-key-123" : null;
      Object openai = fromSpec.invoke(null, parse.invoke(null, "openai:gpt-4o"), env, none);
      // the OpenAI client, under the reply policy that every scheme's client comes back under
      Object backend = Class.forName("io.clarq.core.llm.LlmClientDecorator", true, loader).getMethod("delegate")
          .invoke(openai);
      assertThat(backend.getClass().getName()).isEqualTo("io.clarq.core.llm.openai.OpenAiClient");

      for (String[] s : new String[][] {{"anthropic:claude-x", "langchain4j-anthropic"},
          {"gemini:gemini-x", "langchain4j-google-ai-gemini"}, {"ollama:qwen3:8b", "langchain4j-ollama"}}) {
        InvocationTargetException e = org.junit.jupiter.api.Assertions.assertThrows(InvocationTargetException.class,
            () -> fromSpec.invoke(null, parse.invoke(null, s[0]), env, none));
        assertThat(e.getCause()).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("needs LangChain4j")
            .hasMessageContaining("dev.langchain4j:" + s[1] + ":" + LangChain4jProvider.LANGCHAIN4J_VERSION)
            .hasMessageNotContaining("sk-ant-test-key-123");
      }
    }
  }

  /**
   * With LangChain4j but without langchain4j-anthropic (a user of the Gemini module, say), a reply to a model the user
   * built keeps LangChain4j's end reason: the look into Anthropic's reply metadata never loads the missing module.
   */
  @Test
  void testAUserBuiltModelsEndReasonNeedsNoAnthropicModule() throws Exception {
    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.replace('\\', '/').contains("/langchain4j-anthropic/")) {
        urls.add(new File(entry).toURI().toURL());
      }
    }
    try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
      assertThat(loader.getResource("dev/langchain4j/model/chat/ChatModel.class")).isNotNull();
      assertThat(loader.getResource("dev/langchain4j/model/anthropic/AnthropicChatResponseMetadata.class")).isNull();
      Class<?> ai = Class.forName("dev.langchain4j.data.message.AiMessage", true, loader);
      Class<?> response = Class.forName("dev.langchain4j.model.chat.response.ChatResponse", true, loader);
      @SuppressWarnings({"unchecked", "rawtypes"})
      Object length = Enum.valueOf((Class) Class.forName("dev.langchain4j.model.output.FinishReason", true, loader),
          "LENGTH");
      Object builder = response.getMethod("builder").invoke(null);
      builder.getClass().getMethod("aiMessage", ai).invoke(builder, ai.getMethod("from", String.class)
          .invoke(null, "cut"));
      builder.getClass().getMethod("finishReason", length.getClass()).invoke(builder, length);
      Object reply = builder.getClass().getMethod("build").invoke(builder);
      Class<?> dialect = Class.forName("io.clarq.core.llm.langchain4j.Dialect", true, loader);
      Method generic = dialect.getDeclaredMethod("generic", String.class);
      generic.setAccessible(true);
      Method endReason = dialect.getMethod("endReason", response, java.util.Optional.class);
      endReason.setAccessible(true);
      Object end = endReason.invoke(generic.invoke(null, "google_ai_gemini"), reply, java.util.Optional.empty());
      assertThat(end.getClass().getMethod("kind").invoke(end).toString()).isEqualTo("LENGTH");
    }
  }

  @Test
  void testTheNamedVersionIsTheOneOnTheClassPath() throws Exception {
    Properties p = new Properties();
    try (InputStream in = getClass().getClassLoader()
        .getResourceAsStream("META-INF/maven/dev.langchain4j/langchain4j-core/pom.properties")) {
      assertThat(in).isNotNull();
      p.load(in);
    }
    assertThat(p.getProperty("version")).isEqualTo(LangChain4jProvider.LANGCHAIN4J_VERSION);
  }
}
