package io.clarq.datasets.clarqllm.reference;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clarqllm.verdict.VerdictFile;
import io.clarq.datasets.clarqllm.verdict.VerdictRecord;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReferenceVerdictsTest {
  static List<ReferenceVerdicts.JudgeTemplates> judgeTemplates(Path pack) throws IOException {
    return List.of(templates(pack, Language.ENGLISH), templates(pack, Language.CHINESE));
  }

  private static ReferenceVerdicts.JudgeTemplates templates(Path pack, Language l) throws IOException {
    String c = "." + l.code() + ".txt";
    return new ReferenceVerdicts.JudgeTemplates(l, Files.readString(pack.resolve("judge/judge" + c)),
        Files.readString(pack.resolve("judge/judge_gold_item" + c)),
        Files.readString(pack.resolve("judge/judge_generated_item" + c)));
  }

  @Test
  void testTheCacheGivesThe560PublishedVerdicts() throws IOException {
    Path upstream = SharedData.require("clarq-llm/upstream");
    List<ReferenceVerdicts.JudgeTemplates> t = judgeTemplates(SharedData.require("clarq-llm/reference-prompts"));
    List<VerdictRecord> derived;
    try (InputStream in = Files.newInputStream(upstream.resolve("log/llm_evaluator_cache.pkl"))) {
      derived = ReferenceVerdicts.read(in, "llm_evaluator_cache.pkl", t);
    }
    List<VerdictRecord> expected = VerdictFile.read(SharedData.require("clarq-llm/judge-verdicts.jsonl"));
    assertThat(derived).hasSize(560);
    java.util.Set<String> got = new java.util.TreeSet<>();
    derived.forEach(r -> got.add(VerdictFile.toLine(r)));
    java.util.Set<String> want = new java.util.TreeSet<>();
    expected.forEach(r -> want.add(VerdictFile.toLine(r)));
    java.util.Set<String> missing = new java.util.TreeSet<>(want);
    missing.removeAll(got);
    java.util.Set<String> extra = new java.util.TreeSet<>(got);
    extra.removeAll(want);
    assertThat(extra).as("derived but not published").isEmpty();
    assertThat(missing).as("published but not derived").isEmpty();
    assertThat(derived).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void testANumberedListInsideAReplyStaysInThatReply() {
    assertThat(ReferenceVerdicts.items("1. a:\n\n1. x\n2. y\n2. b", "", ". ")).containsExactly("a:\n\n1. x\n2. y", "b");
    assertThat(ReferenceVerdicts.items("1. a\n2. b\n3. c", "", ". ")).containsExactly("a", "b", "c");
    assertThat(ReferenceVerdicts.items("1. a\n3. b", "", ". ")).containsExactly("a\n3. b");
  }
}
