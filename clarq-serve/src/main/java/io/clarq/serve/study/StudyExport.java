package io.clarq.serve.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.provider.Intent;
import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.cq.RubricScale;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.files.AtomicFiles;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.RunConfig;
import io.clarq.eval.clarqllm.RunResult;
import io.clarq.eval.clarqllm.TaskSelection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Writes a study's finished work as ordinary run folders, so {@code clarq evaluate}, {@code compare}, {@code report}
 * and {@code leaderboard} read them like any model's run.
 *
 * <ul>
 *   <li>Human-seeker study: one ClarQ-LLM run folder per participant with a finished dialogue,
 *       {@code OUT/STUDY-LABEL/} ({@code transcripts.jsonl}, {@code results.json}, {@code summary.md},
 *       {@code report.html}), written by the run kernel itself ({@link ClarqEvaluator#run}) replaying the stored lines
 *       word for word: the seeker is the participant ({@code seeker_model} {@code human:STUDY/LABEL}, an anonymised
 *       label), the provider the study's. Recorded beside, never compared: {@value #PARTICIPANT} (the label, the
 *       browser, the seconds each line took).
 *   <li>Human-provider study: the same, with the roles turned round: the seeker is the study's seeker agent, the
 *       provider the participant ({@code provider_model} {@code human:STUDY/LABEL}); the nodes the person gave are
 *       replayed as given, so the run's gating and scores are the dialogue's own.
 *   <li>Human-expert study: one MediQ run folder per participant with a finished consultation
 *       ({@code ExpertExport}), the expert {@code human:STUDY/LABEL}.
 *   <li>Rating study: {@code OUT/STUDY-ratings/}, one human-ratings file per rater ({@code LABEL.jsonl}, the form
 *       {@code clarq cq judge --ratings} reads) and {@value #AGREEMENT} (kappa per scale); and one clarifying-question
 *       judging run per rater, {@code OUT/STUDY-LABEL/} ({@code RatingRuns}), which compare and leaderboard rank.
 * </ul>
 *
 * A folder written by an earlier export of the same study is replaced; any other existing folder is refused.
 */
public final class StudyExport {
  /** The file in each exported run folder with what is recorded and never compared. */
  public static final String PARTICIPANT = "participant.json";
  /** The agreement file of an exported rating study. */
  public static final String AGREEMENT = "agreement.json";
  /** The marker of a folder an export wrote. */
  public static final String MARKER = "study-export.json";

  private static final ObjectMapper JSON = new ObjectMapper();

  private StudyExport() {}

  /** Exports the study into {@code out}; returns the folders written. */
  public static List<Path> export(Study study, Path out) throws InterruptedException {
    return switch (study.spec().mode()) {
      case RATING -> {
        List<Path> written = new ArrayList<>(List.of(exportRatings(study, out)));
        written.addAll(RatingRuns.export(study, out));
        yield written;
      }
      case HUMAN_EXPERT -> ExpertExport.export(study, out);
      default -> exportDialogues(study, out);
    };
  }

  private static List<Path> exportDialogues(Study study, Path out) throws InterruptedException {
    StudyStore store = study.store();
    List<Path> written = new ArrayList<>();
    Language language = study.spec().tasks().orElseThrow().language();
    for (StudyStore.Participant p : store.participants()) {
      List<StudyStore.Session> done = store.sessions(p.id()).stream().filter(StudyStore.Session::finished).toList();
      if (done.isEmpty()) {
        continue;
      }
      Map<String, List<StudyStore.Turn>> turns = new LinkedHashMap<>();
      List<ClarqTask> tasks = new ArrayList<>();
      for (StudyStore.Session s : done) {
        turns.put(s.item(), store.turns(s.id()));
        tasks.add(study.task(s.item()));
      }
      Path folder = fresh(out.resolve(study.name() + "-" + p.label()));
      String human = "human:" + study.name() + "/" + p.label();
      boolean humanProvider = study.spec().mode() == StudyMode.HUMAN_PROVIDER;
      Replay replay = humanProvider ? new Replay(study.seeker().name(), human, tasks, turns)
          : new Replay(human, study.provider().name(), tasks, turns);
      RunConfig.Builder config = RunConfig.builder();
      if (humanProvider) {
        config.setting("seeker_spec", study.spec().seeker());
        StudySeekers.modelIdentity(study.spec().seeker()).ifPresent(m -> config.setting("seeker_model", m));
      }
      RunResult result = ClarqEvaluator.run(config
          .taskSets(List.of(new TaskSet(language, tasks)))
          .language(language)
          .split(tasks.get(0).split())
          .selection(TaskSelection.parse(String.join(",", tasks.stream().map(t -> t.id().toString()).toList())))
          .seeker(replay.seeker())
          .provider(replay.provider())
          .judge(Judge.none())
          .endDetection(study.spec().endDetection())
          .maxSeekerTurns(study.spec().maxSeekerTurns())
          .setting(humanProvider ? "provider_model" : "seeker_model", human)
          .setting("study", study.name())
          .concurrency(1)
          .output(folder)
          .build());
      if (!result.failed().isEmpty()) {
        throw new IllegalStateException("export of " + study.name() + ", participant " + p.label() + ": "
            + result.failed().size() + " dialogues did not replay: " + result.failed().get(0).error().orElse(""));
      }
      ObjectNode info = JSON.createObjectNode().put("study", study.name()).put("participant", p.label())
          .put("role", humanProvider ? "provider" : "seeker");
      info.put("browser", p.userAgent().orElse(""));
      ObjectNode dialogues = info.putObject("dialogues");
      turns.forEach((task, list) -> {
        Speaker person = humanProvider ? Speaker.PROVIDER : Speaker.SEEKER;
        ArrayNode seconds = dialogues.putObject(task).putArray(humanProvider ? "provider_seconds" : "seeker_seconds");
        // the provider's opening is said for the person: not a line they wrote
        list.stream().filter(t -> t.speaker().equals(person.name()) && t.index() > 0)
            .forEach(t -> {
              if (t.millis().isPresent()) {
                seconds.add(t.millis().get() / 1000.0);
              } else {
                seconds.addNull();
              }
            });
      });
      write(folder.resolve(PARTICIPANT), info);
      write(folder.resolve(MARKER), JSON.createObjectNode().put("study", study.name()));
      written.add(folder);
    }
    if (written.isEmpty()) {
      throw new IllegalStateException("study " + study.name() + " has no finished dialogue to export yet");
    }
    return written;
  }

  private static Path exportRatings(Study study, Path out) {
    Path folder = fresh(out.resolve(study.name() + "-ratings"));
    StudyStore store = study.store();
    for (StudyStore.Participant p : store.participants()) {
      StringBuilder lines = new StringBuilder();
      for (StudyStore.Session s : store.sessions(p.id())) {
        if (!s.finished()) {
          continue;
        }
        Map<String, String> grades = new HashMap<>();
        store.ratings(s.id()).forEach(r -> grades.put(r.scale(), r.grade()));
        ObjectNode line = JSON.createObjectNode().put("id", s.item())
            .put("question", study.ratingItem(s.item()).question());
        for (RubricScale scale : RubricScale.values()) {
          String g = grades.get(scale.name());
          line.put(scale.key(), g.charAt(0) + g.substring(1).toLowerCase(java.util.Locale.ROOT));
        }
        lines.append(line).append('\n');
      }
      if (lines.length() > 0) {
        AtomicFiles.write(folder.resolve(p.label() + ".jsonl"), lines.toString());
      }
    }
    StudyAgreement a = StudyAgreement.of(study);
    ObjectNode agreement = JSON.createObjectNode().put("study", study.name()).put("method", a.method())
        .put("raters_per_item", a.raters()).put("items", a.items()).put("left_out", a.leftOut());
    ObjectNode kappa = agreement.putObject("kappa");
    a.kappa().forEach((scale, k) -> {
      if (k.isPresent()) {
        kappa.put(scale.key(), k.getAsDouble());
      } else {
        kappa.putNull(scale.key());
      }
    });
    write(folder.resolve(AGREEMENT), agreement);
    write(folder.resolve(MARKER), JSON.createObjectNode().put("study", study.name()));
    return folder;
  }

  /**
   * An exported run's dialogues with the study's tasks, ready for {@link io.clarq.eval.clarqllm.evaluate.ClarqEvaluation#score}
   * (what {@code clarq evaluate --tasks STUDY/tasks} reads when the study's tasks folder is a complete one).
   */
  public static io.clarq.eval.clarqllm.evaluate.RecordedRun recorded(Study study, Path run) {
    io.clarq.datasets.clarqllm.transcript.TranscriptFile file = io.clarq.datasets.clarqllm.transcript.TranscriptReader.read(
        run.resolve(ClarqEvaluator.TRANSCRIPT));
    List<io.clarq.eval.clarqllm.evaluate.PlayedDialogue> played = new ArrayList<>();
    java.util.Set<Language> languages = java.util.EnumSet.noneOf(Language.class);
    for (io.clarq.datasets.clarqllm.transcript.TranscriptFile.Entry e : file.entries()) {
      io.clarq.core.clarqllm.transcript.DialogueRecord r = e.record();
      if (r.finished()) {
        played.add(new io.clarq.eval.clarqllm.evaluate.PlayedDialogue(study.task(r.taskId().toString()), r.dialogue()));
        languages.add(r.language());
      }
    }
    return new io.clarq.eval.clarqllm.evaluate.RecordedRun(run.getFileName().toString(),
        io.clarq.eval.clarqllm.evaluate.RecordedRun.Format.CLARQ_JSONL, languages, played, List.of());
  }

  // a new folder, or one an earlier export wrote, emptied
  static Path fresh(Path folder) {
    try {
      if (Files.exists(folder)) {
        if (!Files.isRegularFile(folder.resolve(MARKER))) {
          throw new IllegalArgumentException(folder + " exists and was not written by a study export; export into"
              + " another folder");
        }
        try (Stream<Path> walk = Files.walk(folder)) {
          for (Path f : walk.sorted(Comparator.reverseOrder()).toList()) {
            Files.delete(f);
          }
        }
      }
      Files.createDirectories(folder);
      return folder;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare export folder " + folder + ": " + e.getMessage(), e);
    }
  }

  static void write(Path file, ObjectNode json) {
    try {
      AtomicFiles.write(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json) + "\n");
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The stored dialogues of one participant, replayed line for line through the run kernel. */
  private static final class Replay {
    private final String seekerName;
    private final String providerName;
    private final Map<Briefing, List<StudyStore.Turn>> byBriefing = new HashMap<>();
    private final Map<String, List<StudyStore.Turn>> byTask;
    private final String opening;

    Replay(String seekerName, String providerName, List<ClarqTask> tasks, Map<String, List<StudyStore.Turn>> turns) {
      this.seekerName = seekerName;
      this.providerName = providerName;
      this.byTask = turns;
      for (ClarqTask t : tasks) {
        if (byBriefing.put(t.briefing(), turns.get(t.id().toString())) != null) {
          throw new IllegalStateException("tasks with the same briefing cannot be replayed apart: " + t.id());
        }
      }
      opening = turns.values().iterator().next().get(0).text();
    }

    SeekerAgent seeker() {
      return new SeekerAgent() {
        @Override
        public String name() {
          return seekerName;
        }

        @Override
        public String version() {
          return "study export";
        }

        @Override
        public String next(SeekerTurn turn) {
          return nth(byBriefing.get(turn.briefing()), Speaker.SEEKER, seekerLines(turn.history()));
        }
      };
    }

    ProviderAgent provider() {
      return new ProviderAgent() {
        @Override
        public String name() {
          return providerName;
        }

        @Override
        public String opening(Language language) {
          return opening;
        }

        @Override
        public ProviderReply reply(ProviderTurn turn) {
          List<StudyStore.Turn> turns = byTask.get(turn.task().id().toString());
          StudyStore.Turn t = nthTurn(turns, Speaker.PROVIDER, seekerLines(turn.history()));
          ReplyKind kind = t.kind().map(ReplyKind::valueOf).orElse(ReplyKind.RESPONSE_II);
          return new ProviderReply(t.text(), kind, t.intent().map(Intent::valueOf),
              t.nodes().stream().map(NodeId::parse).toList(), 0, "replayed from the study's stored dialogue");
        }
      };
    }

    private static int seekerLines(List<Utterance> history) {
      return (int) history.stream().filter(u -> u.speaker() == Speaker.SEEKER).count();
    }

    // the provider's n-th reply after its opening (n >= 1), or the seeker's (n+1)-th line
    private static String nth(List<StudyStore.Turn> turns, Speaker speaker, int before) {
      return nthTurn(turns, speaker, before).text();
    }

    private static StudyStore.Turn nthTurn(List<StudyStore.Turn> turns, Speaker speaker, int seekerLinesBefore) {
      int wanted = speaker == Speaker.SEEKER ? seekerLinesBefore : seekerLinesBefore;
      int seen = 0;
      for (StudyStore.Turn t : turns) {
        if (speaker == Speaker.SEEKER && t.speaker().equals(Speaker.SEEKER.name())) {
          if (seen == wanted) {
            return t;
          }
          seen++;
        } else if (speaker == Speaker.PROVIDER && t.speaker().equals(Speaker.PROVIDER.name()) && t.index() > 0) {
          seen++;
          if (seen == wanted) {
            return t;
          }
        }
      }
      throw new IllegalStateException("the stored dialogue has no " + speaker.name().toLowerCase(java.util.Locale.ROOT)
          + " line at this point");
    }
  }
}
