package io.clarq.eval.scorecard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.stats.Estimate;
import io.clarq.core.stats.Interval;
import io.clarq.eval.results.WrittenFileSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scorecard's records refuse bad values, and its JSON validates and reads back the same. */
class ScorecardTest {
  @TempDir Path dir;

  private static Scorecard.Entry entry(String id, int trials, Map<String, List<Double>> hat) {
    return new Scorecard.Entry(id, "mediq", "accuracy", "95% Wilson score interval", List.of(new Scorecard.Figure(
        "all", new Estimate(0.5, new Interval(0.2, 0.8)), 12)), trials, hat, "expert: x", Map.of("judge", "openai:m"),
        Map.of("expert", new Scorecard.RoleUsage(3, 100, 20, 40)), OptionalDouble.of(0.25), List.of());
  }

  @Test
  void testRecordsRefuseBadValues() {
    assertThatThrownBy(() -> new Scorecard("s", "a", "runs", List.of(), List.of()))
        .hasMessageContaining("illegal scorecard s: no entry");
    assertThatThrownBy(() -> new Scorecard("s", "a", "runs", List.of(entry("m", 1, Map.of()), entry("m", 1,
        Map.of())), List.of())).hasMessage("illegal scorecard s: entry m appears twice");
    assertThatThrownBy(() -> entry("a/b", 1, Map.of())).hasMessageContaining("illegal entry id \"a/b\"");
    assertThatThrownBy(() -> entry("m", 2, Map.of("all", List.of(1.0))))
        .hasMessage("illegal pass^k of entry m, all: 1 values for 2 trials");
    assertThatThrownBy(() -> new Scorecard.Figure("all", new Estimate(1.5, new Interval(1.4, 1.6)), 3))
        .hasMessage("illegal figure all: 1.5, must be in [0, 1]");
    assertThatThrownBy(() -> new Scorecard.RoleUsage(1, 10, 0, 11)).hasMessageContaining("cached input 11");
  }

  @Test
  void testJsonValidatesAndReadsBack() throws Exception {
    Scorecard card = new Scorecard("suite", "openai:m", "suite.json", List.of(entry("mediq", 2,
        Map.of("all", List.of(0.5, 0.25)))), List.of(new Scorecard.Other("gen", "cq-generate", "why")));
    Path file = dir.resolve(ScorecardJson.FILE);
    Files.writeString(file, ScorecardJson.jsonText(card));
    assertThat(WrittenFileSchemas.validateTree(dir)).isEmpty();
    assertThat(ScorecardJson.read(file)).isEqualTo(card);
    Files.writeString(file, "{\"format\": \"clarq-leaderboard/1\"}");
    assertThatThrownBy(() -> ScorecardJson.read(file)).hasMessageContaining(file + ": not a scorecard");
  }

  @Test
  void testAFolderWithoutEntriesIsRefused() {
    assertThatThrownBy(() -> Scorecards.read(dir, java.util.Optional.empty()))
        .hasMessageContaining(dir + ": no entry");
  }
}
