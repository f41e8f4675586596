package io.clarq.serve.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.mediq.MediqCase;
import io.clarq.core.mediq.MediqModels;
import io.clarq.core.mediq.Patient;
import io.clarq.core.mediq.ReferencePatient;
import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import io.clarq.datasets.mediq.MediqDataset;
import io.clarq.datasets.mediq.MediqSplit;
import io.clarq.retrieval.mediq.OfflinePatient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A human-expert study's cases in its folder ({@value #FOLDER}/, MediQ's own file layout holding only the study's
 * cases, line for line as the source has them), and the patient its spec names. The patients are the ones {@code
 * clarq mediq run} plays: the offline patient with its settings, or a reference LLM patient speaking from clarq's own
 * MediQ prompt pack.
 */
final class ExpertCaseFiles {
  /** The cases' folder in the study folder. */
  static final String FOLDER = "cases";

  private static final ObjectMapper JSON = new ObjectMapper();

  private ExpertCaseFiles() {}

  /** A patient with what a MediQ run records of it in its settings, as {@code clarq mediq run} records them. */
  record Made(Patient patient, Map<String, String> settings, Optional<AutoCloseable> client) {}

  /**
   * Copies the cases {@code cases} names from its source into {@code target}.
   *
   * @throws IllegalArgumentException naming the case that is not in its data file
   */
  static void copy(ExpertCases cases, Path target) throws IOException {
    Files.createDirectories(target);
    Map<MediqSplit, List<String>> wanted = new LinkedHashMap<>();
    for (String id : cases.ids()) {
      wanted.computeIfAbsent(ExpertCases.dataset(id), k -> new ArrayList<>()).add(id);
    }
    for (Map.Entry<MediqSplit, List<String>> e : wanted.entrySet()) {
      Path file = cases.folder().resolve(e.getKey().file());
      if (!Files.isRegularFile(file)) {
        throw new IllegalArgumentException("case " + e.getValue().get(0) + ": no MediQ case file " + file
            + (cases.source().equals(ExpertCases.FETCHED) ? " (run `clarq data fetch mediq`, or give \"cases\"."
            + "\"source\" a MediQ data folder)" : ""));
      }
      Map<Integer, String> lines = new LinkedHashMap<>();
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (!line.isBlank()) {
          JsonNode o = JSON.readTree(line);
          lines.put(o.path("id").asInt(-1), line);
        }
      }
      StringBuilder kept = new StringBuilder();
      for (String id : e.getValue()) {
        String line = lines.get(ExpertCases.caseNumber(id));
        if (line == null) {
          throw new IllegalArgumentException("case " + id + " is not in " + file);
        }
        kept.append(line).append('\n');
      }
      AtomicFiles.write(target.resolve(e.getKey().file()), kept.toString());
    }
  }

  /** The study's cases by id, in the spec's order. */
  static Map<String, MediqCase> load(ExpertCases cases, Path folder) {
    Map<MediqSplit, Map<Integer, MediqCase>> byFile = new LinkedHashMap<>();
    Map<String, MediqCase> out = new LinkedHashMap<>();
    for (String id : cases.ids()) {
      MediqSplit split = ExpertCases.dataset(id);
      Map<Integer, MediqCase> file = byFile.computeIfAbsent(split, s -> {
        Map<Integer, MediqCase> m = new LinkedHashMap<>();
        MediqDataset.load(folder, s).forEach(c -> m.put(c.id(), c));
        return m;
      });
      MediqCase c = file.get(ExpertCases.caseNumber(id));
      if (c == null) {
        throw new IllegalArgumentException("case " + id + " is not in " + folder.resolve(split.file()));
      }
      out.put(id, c);
    }
    return out;
  }

  /** The patient the spec names. */
  static Made patient(ExpertCases cases) {
    PromptPack pack = PromptPack.builtIn(PackLayout.MEDIQ);
    if (cases.llmPatient().isEmpty()) {
      // clarq's own "cannot answer" line, as `clarq mediq run` records it when no reference pack is at hand
      return new Made(new OfflinePatient(pack.fixed("cannot_answer", io.clarq.core.clarqllm.task.Language.ENGLISH),
          2), Map.of("cannot_answer", "clarq", "patient", "offline-bm25(k1=1.2,b=0.75,max_facts=2)"),
          Optional.empty());
    }
    LlmSpec spec = LlmSpec.parse(cases.patientModel().orElseThrow());
    String model = spec.model();   // empty for a base URL: the server's default model
    LlmClient client = LlmClients.fromSpec(spec);
    MediqModels models = new MediqModels(name -> client, true);
    ReferencePatient p = new ReferencePatient(cases.llmPatient().get(), pack, models, model, false);
    return new Made(p, Map.of("patient", cases.llmPatient().get().referenceClass() + "(model=" + spec.identity()
        + ", use_data_facts=false)", "prompts", pack.id()), Optional.of(client));
  }
}
