package io.clarq.eval.mediq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.Deviation;
import io.clarq.core.mediq.MediqCase;
import io.clarq.core.mediq.OverlapExpert;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.mediq.MediqDataset;
import io.clarq.datasets.mediq.MediqSplit;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.report.HeadlessChromium;
import io.clarq.retrieval.mediq.OfflinePatient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The MediQ report page: parsed with jsoup on hand-made records and on a real run, and loaded in headless Chromium. */
class MediqReportPageTest {
  private static final String HOSTILE = "<script>alert('pwned')</script>";
  @TempDir Path dir;

  /**
   * Two craft_md cases worked out by hand: case 1 asks one question (the hostile text), would choose B at turn 1 and
   * answers A, which is right; case 2 answers C at once, and D is right. Accuracy 1/2, Wilson 95% [0.0945, 0.9055];
   * turn 1: 0 of 2 right, turn 2: 1 of 1.
   */
  static List<MediqRecord> handMade() {
    MediqOutcome right = new MediqOutcome(1, "A", Optional.of("A"), List.of(Optional.of(HOSTILE)),
        List.of("The record says nothing about that."), List.of(Optional.of("B"), Optional.of("A")), List.of(), false,
        30, Optional.empty());
    MediqOutcome wrong = new MediqOutcome(2, "D", Optional.of("C"), List.of(), List.of(), List.of(Optional.of("C")),
        List.of(), false, 30, Optional.empty());
    return List.of(new MediqRecord("craft_md", right), new MediqRecord("craft_md", wrong));
  }

  private static Map<String, MediqFigures> figures(List<MediqRecord> records) {
    Map<String, MediqFigures> f = new LinkedHashMap<>();
    f.put("craft_md", MediqFigures.of(records.stream().map(MediqRecord::outcome).toList()));
    f.put("all", MediqFigures.of(records.stream().map(MediqRecord::outcome).toList()));
    return f;
  }

  @Test
  void testTheTablesShowTheHandWorkedFiguresAndEscapeCaseText() {
    List<MediqRecord> records = handMade();
    Document doc = Jsoup.parse(MediqReportPage.render("hand", figures(records), records,
        Map.of("expert", "hand"), List.of(new Deviation("m", "sampling settings per call", "a test"))));
    assertThat(doc.select("section#headline, section#by-turn, section#cases")).hasSize(3);
    assertThat(doc.select("section#headline .deviations li").text()).contains("sampling settings per call");
    var row = doc.select("table.figures tr.row[data-dataset=craft_md] td");
    assertThat(row.get(1).text()).isEqualTo("2");
    assertThat(row.get(2).text()).isEqualTo("0.5000");
    assertThat(row.get(3).text()).isEqualTo("[0.0945, 0.9055]");
    assertThat(row.get(4).text()).isEqualTo("0.0000");
    assertThat(row.get(5).text()).isEqualTo("1.50");   // (2 + 1) / 2 turns
    assertThat(doc.select("table.figures tr.row")).hasSize(2);
    assertThat(doc.select("table.by-turn tr.turn[data-turn=1] td").get(1).text()).isEqualTo("0.0000 (2)");
    assertThat(doc.select("table.by-turn tr.turn[data-turn=2] td").get(1).text()).isEqualTo("1.0000 (1)");
    assertThat(doc.select("svg#chart-accuracy")).hasSize(1);
    assertThat(doc.select("svg#chart-by-turn")).hasSize(1);
    assertThat(doc.select("tr.case")).hasSize(2);
    assertThat(doc.select("tr.case[data-correct=yes] td").get(1).text()).isEqualTo("1");
    assertThat(doc.select("tr.case ol li").first().text()).isEqualTo(HOSTILE);   // shown as text
    assertThat(doc.select("script")).hasSize(1);   // the page kit's own, nothing from a case
    assertThat(doc.select("form.filter select[name=dataset] option[value=craft_md]")).hasSize(1);
    assertThat(doc.select("table.settings").text()).contains("expert hand");
  }

  @Test
  void testFiguresOfOtherRecordsAreRefused() {
    List<MediqRecord> records = handMade();
    assertThatThrownBy(() -> MediqReportPage.render("x", figures(records), records.subList(0, 1), Map.of(),
        List.of())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("count 2 cases but 1");
  }

  static Path realRun(Path out) throws Exception {
    Path data = SharedData.require("mediq/data");
    List<MediqItem> items = new ArrayList<>();
    for (MediqSplit s : MediqSplit.values()) {
      List<MediqCase> cases = MediqDataset.load(data, s);
      cases.subList(0, 5).forEach(c -> items.add(new MediqItem(s.key(), c)));
    }
    RunKernel.run(new MediqBenchmark(new OverlapExpert(2), new OfflinePatient("cannot", 2), 30,
        Map.of("expert", "overlap")), items, new RunKernel.Plan(out, Shard.ALL, 1, "t"), new ItemListener<>() {});
    return out.resolve(MediqReportPage.FILE);
  }

  @Test
  void testARealRunWritesAPageWithOneRowPerCase() throws Exception {
    Path page = realRun(dir.resolve("run"));
    Document doc = Jsoup.parse(Files.readString(page));
    assertThat(doc.select("tr.case")).hasSize(10);
    assertThat(doc.select("tr.case[data-dataset=dev_good]")).hasSize(5);
    assertThat(doc.select("table.figures tr.row").eachAttr("data-dataset")).containsExactly("craft_md", "dev_good",
        "all");
    assertThat(doc.select("table.by-turn tr.turn")).hasSize(3);   // two questions and the answer
  }

  @Test
  void testHeadlessChromiumRendersTheChartsAndTheFilterWorks() throws Exception {
    HeadlessChromium chromium = HeadlessChromium.require(dir);
    Path page = realRun(dir.resolve("run"));
    Document rendered = chromium.dom(page, "");
    assertThat(rendered.body().attr("data-charts-rendered")).isEqualTo("2");
    assertThat(rendered.select("form.filter .filter-count").text()).isEqualTo("10 of 10 shown");
    Document devGood = chromium.dom(page, "dataset=dev_good");
    assertThat(devGood.select("tr.case:not([hidden])")).hasSize(5).allSatisfy(r ->
        assertThat(r.attr("data-dataset")).isEqualTo("dev_good"));
    chromium.screenshot(page, "", "mediq-report", 1280, 1500);
  }
}
