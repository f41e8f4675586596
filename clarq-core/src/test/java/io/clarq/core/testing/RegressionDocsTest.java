package io.clarq.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The docs' tables of expected figures are what {@link RegressionTables} writes from the regression files. */
class RegressionDocsTest {
  @Test
  void testEveryGeneratedRegressionTableInTheDocsIsUpToDate() {
    Path root = GeneratedDocs.repositoryRoot();
    List<String> stale = GeneratedDocs.check(root, GeneratedDocs.markdownFiles(root), RegressionTables::generate);
    assertThat(stale).as("docs tables differ from the regression files; regenerate them from the repository root"
        + " with\n  " + RegressionTables.COMMAND + "\n").isEmpty();
  }

  @Test
  void testEveryRegressionFileIsQuotedInTheDocs() {
    Path root = GeneratedDocs.repositoryRoot();
    StringBuilder all = new StringBuilder();
    for (Path f : GeneratedDocs.markdownFiles(root)) {
      all.append(uncheckedRead(f));
    }
    for (String name : List.of("clarq-llm", "cacm", "clariq", "toa", "cq", "mediq")) {
      assertThat(all).as(name).contains(GeneratedDocs.OPEN + "regression " + name);
      Regressions r = Regressions.of(name);
      assertThat(r.about("source")).as(name + " says where its figures come from").isNotBlank();
      for (String t : r.tables()) {
        assertThat(r.table(t).about("source") + r.about("source")).as(name + "#" + t).isNotBlank();
        assertThat(r.table(t).runs()).as(name + "#" + t).isNotEmpty();
      }
    }
  }

  @Test
  void testAChangedFigureMakesTheSectionStale() {
    String fresh = "# page\n" + GeneratedDocs.OPEN + "regression clarq-llm -->\n"
        + RegressionTables.generate("regression clarq-llm") + GeneratedDocs.CLOSE + "\ntext after\n";
    assertThat(GeneratedDocs.regenerate("page.md", fresh, RegressionTables::generate)).isEqualTo(fresh);
    String figure = Regressions.of("clarq-llm").printed("provider.Comp.En", "success");
    String edited = fresh.replace("| " + figure + " |", "| 0" + figure + " |");
    assertThat(edited).isNotEqualTo(fresh);
    assertThat(GeneratedDocs.regenerate("page.md", edited, RegressionTables::generate)).isEqualTo(fresh);
    // sections of another generator are left alone
    String other = GeneratedDocs.OPEN + "cli -->\nanything\n" + GeneratedDocs.CLOSE + "\n";
    assertThat(GeneratedDocs.regenerate("page.md", other, RegressionTables::generate)).isEqualTo(other);
  }

  @Test
  void testPrintedFiguresKeepEveryDecimalOfTheFile() {
    assertThat(Regressions.of("cacm").printed("ql+rm3", "P_30")).isEqualTo("0.2250");
    assertThat(Regressions.of("clariq").table("question_relevance_dev").printed("dev_no_q", "Recall5"))
        .isEqualTo("0.05560622994136926");
    assertThat(Regressions.of("toa").table("table4").printed("Flan-T5-Small", "EM recovery")).isEqualTo("73.0");
  }

  @Test
  void testAnUnclosedSectionIsRefusedNamingFileAndLine() {
    assertThatThrownBy(() -> GeneratedDocs.regenerate("docs/x.md", "a\n" + GeneratedDocs.OPEN + "regression cacm -->\n"
        + "| old |\n", RegressionTables::generate))
        .hasMessageContaining("docs/x.md:2").hasMessageContaining(GeneratedDocs.CLOSE);
  }

  private static String uncheckedRead(Path f) {
    try {
      return java.nio.file.Files.readString(f);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
