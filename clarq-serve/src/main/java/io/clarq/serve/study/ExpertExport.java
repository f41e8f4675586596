package io.clarq.serve.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.mediq.ExpertTurn;
import io.clarq.core.mediq.Inquiry;
import io.clarq.core.mediq.MediqCase;
import io.clarq.core.mediq.Patient;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.mediq.MediqBenchmark;
import io.clarq.eval.mediq.MediqItem;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A human-expert study's finished consultations as MediQ run folders, one per participant ({@code OUT/STUDY-LABEL/}):
 * {@code consultations.jsonl}, {@code results.json}, {@code summary.md} and {@code report.html}, written by the run
 * kernel with {@link MediqBenchmark} itself, replaying each stored move and answer through MediQ's loop, so {@code
 * clarq compare} and {@code clarq leaderboard} read them like any expert's run. The expert is the participant
 * ({@code expert} {@code human:STUDY/LABEL}, an anonymised label); the patient and the question cap are the study's,
 * recorded as {@code clarq mediq run} records them, so a model's run on the same patient pairs with it.
 * Recorded beside, never compared: {@value StudyExport#PARTICIPANT} (the label, the browser, the seconds each move
 * took).
 */
final class ExpertExport {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ExpertExport() {}

  static List<Path> export(Study study, Path out) {
    StudyStore store = study.store();
    ExpertCases cases = study.spec().cases().orElseThrow();
    List<Path> written = new ArrayList<>();
    for (StudyStore.Participant p : store.participants()) {
      List<StudyStore.Session> done = store.sessions(p.id()).stream().filter(StudyStore.Session::finished).toList();
      if (done.isEmpty()) {
        continue;
      }
      Map<Inquiry, List<ExpertTurn>> moves = new HashMap<>();
      Map<MediqCase, List<String>> answers = new HashMap<>();
      Map<String, List<StudyStore.Turn>> turns = new LinkedHashMap<>();
      List<MediqItem> items = new ArrayList<>();
      for (StudyStore.Session s : done) {
        MediqCase c = study.mediqCase(s.item());
        List<StudyStore.Turn> list = store.turns(s.id());
        if (moves.put(c.inquiry(), ExpertReplay.moves(list)) != null) {
          throw new IllegalStateException("export of " + study.name() + ": cases with the same question and options"
              + " cannot be replayed apart: " + s.item());
        }
        answers.put(c, ExpertReplay.answers(list));
        turns.put(s.item(), list);
        items.add(new MediqItem(ExpertCases.dataset(s.item()).key(), c));
      }
      Path folder = StudyExport.fresh(out.resolve(study.name() + "-" + p.label()));
      Map<String, String> settings = new LinkedHashMap<>();
      settings.put("expert", "human:" + study.name() + "/" + p.label());
      settings.putAll(new java.util.TreeMap<>(study.patientSettings()));
      // the offline patient gives the facts it answers from; an LLM patient is not called again (its answers are
      // stored), and the expert saw the record's first sentence
      boolean offline = cases.llmPatient().isEmpty();
      Patient patient = ExpertReplay.patient(answers::get, c -> offline ? study.patient().start(c)
          : firstSentence(c), Optional.empty());
      MediqBenchmark benchmark = new MediqBenchmark(ExpertReplay.expert(moves::get), patient, cases.maxQuestions(),
          settings);
      try {
        RunKernel.run(benchmark, items, new RunKernel.Plan(folder, Shard.ALL, 1, "clarq-study-export"),
            new ItemListener<>() {});
      } catch (Exception e) {
        throw new IllegalStateException("export of " + study.name() + ", participant " + p.label() + ": "
            + e.getMessage(), e);
      }
      ObjectNode info = JSON.createObjectNode().put("study", study.name()).put("participant", p.label());
      info.put("browser", p.userAgent().orElse(""));
      ObjectNode consultations = info.putObject("consultations");
      turns.forEach((id, list) -> {
        ArrayNode seconds = consultations.putObject(id).putArray("expert_seconds");
        list.stream().filter(t -> t.speaker().equals(ExpertReplay.EXPERT)).forEach(t -> {
          if (t.millis().isPresent()) {
            seconds.add(t.millis().get() / 1000.0);
          } else {
            seconds.addNull();
          }
        });
      });
      StudyExport.write(folder.resolve(StudyExport.PARTICIPANT), info);
      StudyExport.write(folder.resolve(StudyExport.MARKER), JSON.createObjectNode().put("study", study.name()));
      written.add(folder);
    }
    if (written.isEmpty()) {
      throw new IllegalStateException("study " + study.name() + " has no finished consultation to export yet");
    }
    return written;
  }

  // what an LLM patient gives the expert at the start (the record's first sentence), with no call to its model
  private static Patient.Consultation firstSentence(MediqCase c) {
    return new Patient.Consultation() {
      @Override
      public String initialInfo() {
        return c.context().isEmpty() ? "" : c.context().get(0);
      }

      @Override
      public String respond(String question, List<io.clarq.core.mediq.Exchange> history) {
        throw new IllegalStateException("case " + c.id() + ": an exported consultation's answers are the stored ones");
      }
    };
  }
}
