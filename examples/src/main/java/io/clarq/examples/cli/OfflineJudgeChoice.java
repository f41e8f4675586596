package io.clarq.examples.cli;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import picocli.CommandLine;

/** Reads a judge that needs no model: {@code offline} (the strict text judge) or {@code none} (leave unjudged). */
public final class OfflineJudgeChoice implements CommandLine.ITypeConverter<Judge> {
  @Override
  public Judge convert(String value) {
    return switch (value.trim()) {
      case "offline" -> new OfflineJudge();
      case "none" -> Judge.none();
      default -> throw new CommandLine.TypeConversionException("expected 'offline' or 'none', got '" + value + "'");
    };
  }
}
