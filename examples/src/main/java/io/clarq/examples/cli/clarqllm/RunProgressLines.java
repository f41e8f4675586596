package io.clarq.examples.cli.clarqllm;

import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.eval.clarqllm.RunListener;
import io.clarq.eval.clarqllm.RunProgress;
import io.clarq.examples.cli.ProgressLine;
import java.io.PrintWriter;

/**
 * The progress {@code clarq run} prints to stderr: one line when the run starts (its dialogues, how many a resume
 * already has), then one per finished dialogue, naming the language and task of a dialogue that failed and why.
 */
final class RunProgressLines {
  private RunProgressLines() {}

  /** A listener printing the run's progress lines to {@code err}, flushed after each. */
  static RunListener to(PrintWriter err) {
    return new RunListener() {
      @Override
      public void started(RunProgress p) {
        err.println("clarq run: " + p.total() + " dialogues, " + p.resumed() + " already finished");
        err.flush();
      }

      @Override
      public void dialogueDone(DialogueRecord record, RunProgress p) {
        err.println(p.line() + (record.finished() ? "" : "  [" + record.language().code() + " " + record.taskId()
            + " failed: " + record.error().orElse("") + "]") + ProgressLine.rateLimitNote());
        err.flush();
      }
    };
  }
}
