package io.clarq.eval.clarqllm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The forecast's basis before a run has played anything: seeker turns per dialogue from the six published runs
 * ({@code transcripts/*.json}, all 1,560 dialogues pooled: 10th to 90th percentile, nearest rank, capped at the run's
 * turn cap) times the per-call statistics of the reference traces shipped with clarq ({@link ForecastCallStatistics}:
 * calls per seeker turn and per provider reply, the lowest and the highest per-dialogue rate, the provider's replies
 * being the seeker's turns less one at the low end; tokens per call, 10th to 90th percentile). The judge: from none to
 * the most calls a traced judged dialogue needed, per dialogue.
 */
public final class PublishedBasis {
  private PublishedBasis() {}

  /** The per-dialogue ranges of the published basis: {@code clarqLlm} holds transcripts/ (the published runs). */
  public static RunForecast.Basis of(Path clarqLlm, boolean multiInfo, int maxSeekerTurns) {
    return of(clarqLlm, multiInfo, maxSeekerTurns, ForecastCallStatistics.shipped());
  }

  /** As {@link #of(Path, boolean, int)}, with the per-call statistics {@code calls}. */
  static RunForecast.Basis of(Path clarqLlm, boolean multiInfo, int maxSeekerTurns, ForecastCallStatistics calls) {
    Path runs = clarqLlm.resolve("transcripts");
    List<Double> turns = new ArrayList<>();
    for (Path f : runFiles(runs)) {
      for (int lines : PublishedDialogueLengths.of(f)) {
        if (lines > 0) {   // empty for the dev types, which were not played
          turns.add((double) Math.min(lines / 2, maxSeekerTurns));
        }
      }
    }
    double turnsLow = NearestRank.percentile(turns, 0.10);
    double turnsHigh = NearestRank.percentile(turns, 0.90);
    CallStatistics seeker = calls.of("seeker.jsonl.gz");
    CallStatistics provider = calls.of(multiInfo ? "provider-multi-info.jsonl.gz" : "provider.jsonl.gz");
    CallStatistics judge = calls.of("judge.jsonl.gz");
    double providerLow = Math.max(0, turnsLow - 1);
    return new RunForecast.Basis(String.format(Locale.ROOT, "published runs (%d dialogues: seeker turns %s-%s, 10th-90th"
            + " percentile) and reference traces (calls per turn lowest-highest; tokens per call 10th-90th percentile,"
            + " estimated from characters; shipped with clarq)", turns.size(), num(turnsLow), num(turnsHigh)),
        perDialogue(seeker, turnsLow, turnsHigh),
        perDialogue(provider, providerLow, turnsHigh),
        new RunForecast.PerDialogue(0, judge.callsPerTurnHigh(), 0, judge.callsPerTurnHigh() * judge.inputHigh(), 0,
            judge.callsPerTurnHigh() * judge.outputHigh()));
  }

  /** The published runs the basis reads: {@code transcripts/*.json}, sorted. */
  static List<Path> runFiles(Path runs) {
    List<Path> files;
    try (Stream<Path> s = Files.list(runs)) {
      files = s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the published runs in " + runs + " (needed for the forecast; "
          + "get them with 'clarq data fetch clarq-llm')", e);
    }
    if (files.isEmpty()) {
      throw new IllegalArgumentException("no published run (*.json) in " + runs + ": the forecast needs them");
    }
    return files;
  }

  private static RunForecast.PerDialogue perDialogue(CallStatistics t, double turnsLow, double turnsHigh) {
    double lo = turnsLow * t.callsPerTurnLow();
    double hi = turnsHigh * t.callsPerTurnHigh();
    return new RunForecast.PerDialogue(lo, hi, lo * t.inputLow(), hi * t.inputHigh(), lo * t.outputLow(),
        hi * t.outputHigh());
  }

  private static String num(double d) {
    return d == Math.rint(d) ? String.valueOf((long) d) : String.format(Locale.ROOT, "%.2f", d);
  }
}
