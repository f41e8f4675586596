package io.clarq.retrieval.clariq.document;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.SharedData;
import io.clarq.retrieval.analysis.EnglishAnalysis;
import java.util.List;
import org.junit.jupiter.api.Test;

class CollectionReadingTest {
  @Test
  void testReadsCacmArchiveWithAnHtmlParser() {
    List<SourceDocument> docs = HtmlCollection.read(SharedData.require("cacm/cacm.tar.gz"));
    assertThat(docs).hasSize(3204);
    assertThat(docs.get(0).id()).isEqualTo("CACM-0001");
    assertThat(docs.get(3203).id()).isEqualTo("CACM-3204");
    assertThat(docs.get(2).text()).startsWith("Techniques Department on Matrix Program Schemes").doesNotContain("<pre>");
  }

  @Test
  void testEnglishChain() {
    assertThat(EnglishAnalysis.terms(EnglishAnalysis.porter(), "f", "The Operating Systems' schedulers are running"))
        .containsExactly("oper", "system", "schedul", "run");
    assertThat(new ClarifiedQuery("time sharing", "do you mean TSS?", "yes").text()).isEqualTo("time sharing do you mean TSS? yes");
    assertThat(ClarifiedQuery.of("time sharing").text()).isEqualTo("time sharing");
  }
}
