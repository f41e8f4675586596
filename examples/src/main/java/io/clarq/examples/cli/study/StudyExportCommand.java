package io.clarq.examples.cli.study;

import io.clarq.serve.study.Study;
import io.clarq.serve.study.StudyExport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code clarq study export STUDY_DIR --out DIR}: the finished work of a study as ordinary run folders. */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a study's finished dialogues as ClarQ-LLM run folders, one per participant (DIR/STUDY-p01, ...: the"
          + " participant is the seeker model human:STUDY/p01, or in a human-provider study the provider model),"
          + " which evaluate, compare, report and leaderboard read;"
          + " a MediQ human-expert study's consultations as MediQ run folders (the expert human:STUDY/p01); a rating"
          + " study's grades as one human-ratings file per rater with the raters' kappa, and as one clarifying-question"
          + " judging run per rater (the judge human:STUDY/p01), which compare and leaderboard rank beside judge runs.",
      "Recorded beside, never compared: participant.json (browser, seconds per line). A folder an earlier export"
          + " wrote is replaced."
    })
public final class StudyExportCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "STUDY_DIR", description = "The study folder (holding study.json).")
  Path studyDir;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where the run folders go.")
  Path out;

  @Override
  public Integer call() throws InterruptedException {
    try (Study study = Study.open(studyDir)) {
      List<Path> written = StudyExport.export(study, out);
      PrintWriter w = spec.commandLine().getOut();
      written.forEach(p -> w.println(p));
      if (study.spec().tasks().isPresent()) {
        boolean demo = study.spec().tasks().get().source().equals(io.clarq.serve.study.StudySpec.TaskSource.DEMO);
        w.println("evaluate with: clarq evaluate --tasks " + (demo ? "demo" : study.tasksFolder()) + " --transcripts "
            + written.get(0).resolve("transcripts.jsonl"));
      }
      if (study.spec().cases().isPresent()) {
        w.println("rank beside MediQ runs of the same cases with: clarq leaderboard " + written.get(0) + " RUN...");
      }
      if (written.size() > 1 && study.spec().mode() == io.clarq.serve.study.StudyMode.RATING) {
        w.println("rank beside judge runs of the same questions with: clarq leaderboard --allow-different-setup "
            + written.get(1) + " RUN...");
      }
      w.flush();
    }
    return 0;
  }
}
