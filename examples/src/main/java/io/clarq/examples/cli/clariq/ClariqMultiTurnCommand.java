package io.clarq.examples.cli.clariq;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.clariq.MultiTurnContext;
import io.clarq.datasets.clariq.ClariqDataDir;
import io.clarq.datasets.clariq.MultiTurnRunRow;
import io.clarq.datasets.clariq.MultiTurnRuns;
import io.clarq.datasets.clariq.SyntheticConversationsJsonl;
import io.clarq.eval.clariq.ClarificationNeedBaseline;
import io.clarq.eval.clariq.MultiTurnSelection;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.retrieval.clariq.question.MultiTurnSelector;
import io.clarq.retrieval.clariq.question.QuestionRanker;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code clarq clariq multi-turn}: picks the next question for every context of the human multi-turn data. */
@Command(
    name = "multi-turn",
    mixinStandardHelpOptions = true,
    description = {
      "Selects the next clarifying question for every context of multi_turn_human_generated_data.tsv (request plus"
          + " 0-3 earlier exchanges, context id <row>-<exchanges>) and writes a multi-turn run"
          + " <context_id> 0 \"<question text>\" <rank> <score> <run_id>.",
      "Query = request + earlier questions and answers; an asked question is never repeated; \"\" (ask nothing)"
          + " after --max-questions questions, when no question scores above --min-score, or with --use-need when"
          + " the baseline predicts the request needs no clarification."
    })
public final class ClariqMultiTurnCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", paramLabel = "DIR", description = "The ClariQ data directory (train.tsv, dev.tsv, ...). Default: clariq in the data directory (clarq data"
          + " fetch clariq).")
  Path data;

  @Option(names = "--out", paramLabel = "FILE", required = true, description = "the multi-turn run file to write")
  Path out;

  @Option(names = "--split", paramLabel = "train|dev|test", converter = ClariqEvalCommand.SplitConverter.class,
      description = "only conversations on topics of this split (default: all)")
  ClariqSplit split;

  @Option(names = "--conversations", paramLabel = "JSONL",
      description = "take the contexts from synthetic conversations (clarq clariq synthesize) instead of the human"
          + " data; context id <conversation id>-<exchanges>")
  Path conversations;

  @Option(names = "--max-questions", paramLabel = "N", defaultValue = "3", description = "questions per conversation (default ${DEFAULT-VALUE})")
  int maxQuestions;

  @Option(names = "--min-score", paramLabel = "SCORE", defaultValue = "0", description = "lowest score worth asking (default ${DEFAULT-VALUE})")
  double minScore;

  @Option(names = "--use-need", description = "ask nothing first when the clarification-need baseline predicts 1")
  boolean useNeed;

  @Option(names = "--tag", paramLabel = "TAG", defaultValue = "clarq_multi_turn", description = "run tag (default ${DEFAULT-VALUE})")
  String tag;

  @Mixin QuestionRankerOptions ranker;

  @Override
  public Integer call() {
    data = DataDefaults.orFetched(spec, data, "--data", "clariq", "");
    if (maxQuestions < 0) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--max-questions must be >= 0, got " + maxQuestions);
    }
    ClariqDataDir dir = new ClariqDataDir(data);
    Set<Integer> topics = split == null ? Set.of() : dir.topics(split).topicsById().keySet();
    List<MultiTurnContext> contexts = conversations == null
        ? MultiTurnSelection.contexts(dir.humanConversations(), topics) : syntheticContexts(topics);
    List<MultiTurnRunRow> rows;
    try (QuestionRanker r = new QuestionRanker(dir.questionBank(), ranker.config())) {
      MultiTurnSelector selector = new MultiTurnSelector(r, maxQuestions, minScore,
          useNeed ? ClarificationNeedBaseline.train(dir) : null);
      rows = MultiTurnSelection.select(selector, contexts, tag);
    }
    MultiTurnRuns.write(out, rows);
    long none = rows.stream().filter(x -> x.question().isEmpty()).count();
    spec.commandLine().getErr().println("wrote " + rows.size() + " contexts (" + none + " ask nothing) to " + out);
    return 0;
  }

  private List<MultiTurnContext> syntheticContexts(Set<Integer> topics) {
    List<MultiTurnContext> out = new java.util.ArrayList<>();
    try {
      SyntheticConversationsJsonl.forEach(conversations, c -> {
        if (topics.isEmpty() || topics.contains(c.topicId())) {
          out.addAll(c.contexts());
        }
      });
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e.getMessage(), e);
    }
    return out;
  }
}
