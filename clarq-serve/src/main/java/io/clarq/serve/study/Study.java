package io.clarq.serve.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.llm.LlmProviderAgent;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.llm.LlmClients;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.datasets.clarqllm.TaskFileName;
import io.clarq.datasets.clarqllm.TasksDirectory;
import io.clarq.datasets.clarqllm.demo.DemoTasks;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A study folder: its spec ({@value #SPEC}), a copy of its task files ({@value #TASKS}/, so the study reads the same
 * tasks however the source changes, and an export can be evaluated against them), or of its MediQ cases
 * ({@code cases/}, a human-expert study's), and its database
 * ({@link StudyStore#FILE}). {@link #create} makes one with a link token per participant; {@link #open} opens an
 * existing one, with every session as it was left.
 */
public final class Study implements AutoCloseable {
  /** The spec's file name in the study folder. */
  public static final String SPEC = "study.json";
  /** The task files' folder in the study folder. */
  public static final String TASKS = "tasks";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom TOKENS = new SecureRandom();

  private final Path folder;
  private final StudySpec spec;
  private final StudyStore store;
  private final Map<String, ClarqTask> tasks;
  private final Map<String, io.clarq.core.mediq.MediqCase> cases;
  private ProviderAgent provider;
  private io.clarq.core.clarqllm.seeker.SeekerAgent seeker;
  private final List<AutoCloseable> seekerClients = new ArrayList<>();
  private ExpertCaseFiles.Made patient;

  private Study(Path folder, StudySpec spec, StudyStore store, Map<String, ClarqTask> tasks,
      Map<String, io.clarq.core.mediq.MediqCase> cases) {
    this.folder = folder;
    this.spec = spec;
    this.store = store;
    this.tasks = tasks;
    this.cases = cases;
  }

  /**
   * Makes a new study in {@code folder} (absent or empty): the spec, the task files, and one participant per link
   * with their assigned items.
   *
   * @throws IllegalArgumentException when the folder holds something, or a task id is not in the source
   */
  public static Study create(StudySpec spec, Path folder) {
    try {
      if (Files.exists(folder)) {
        try (Stream<Path> s = Files.list(folder)) {
          if (s.findAny().isPresent()) {
            throw new IllegalArgumentException("study folder " + folder + " is not empty; a study is created in a"
                + " new folder");
          }
        }
      }
      Files.createDirectories(folder);
      if (spec.tasks().isPresent()) {
        copyTasks(spec.tasks().get(), folder.resolve(TASKS));
      }
      if (spec.cases().isPresent()) {
        ExpertCaseFiles.copy(spec.cases().get(), folder.resolve(ExpertCaseFiles.FOLDER));
      }
      AtomicFiles.write(folder.resolve(SPEC), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(spec.toJson())
          + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create study folder " + folder + ": " + e.getMessage(), e);
    }
    Study study = open(folder);
    List<String> items = study.itemIds();
    List<List<Integer>> assigned = Assignment.balanced(items.size(), spec.participants(), spec.perParticipant());
    int width = String.valueOf(spec.participants()).length();
    for (int p = 0; p < assigned.size(); p++) {
      String label = "p" + String.format(Locale.ROOT, "%0" + Math.max(2, width) + "d", p + 1);
      study.store.addParticipant(newToken(), label, assigned.get(p).stream().map(items::get).toList());
    }
    return study;
  }

  /** Opens the study in {@code folder}. */
  public static Study open(Path folder) {
    Path specFile = folder.resolve(SPEC);
    if (!Files.isRegularFile(specFile)) {
      throw new IllegalArgumentException(folder + " is not a study folder: it has no " + SPEC);
    }
    StudySpec spec = StudySpec.read(specFile);
    Map<String, ClarqTask> tasks = new LinkedHashMap<>();
    if (spec.tasks().isPresent()) {
      TaskSet set = loadTasks(folder.resolve(TASKS), spec.tasks().get().language());
      for (String id : spec.tasks().get().ids()) {
        tasks.put(id, set.find(TaskId.parse(id)).orElseThrow(() -> new IllegalArgumentException("study " + spec.name()
            + ": task " + id + " is not in " + folder.resolve(TASKS))));
      }
    }
    Map<String, io.clarq.core.mediq.MediqCase> cases = spec.cases().isPresent()
        ? ExpertCaseFiles.load(spec.cases().get(), folder.resolve(ExpertCaseFiles.FOLDER)) : Map.of();
    return new Study(folder, spec, StudyStore.open(folder), tasks, cases);
  }

  /** An unguessable link token: 32 random bytes from {@link SecureRandom}, URL-safe Base64 (43 characters). */
  static String newToken() {
    byte[] bytes = new byte[32];
    TOKENS.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** The study's name. */
  public String name() {
    return spec.name();
  }

  public StudySpec spec() {
    return spec;
  }

  public Path folder() {
    return folder;
  }

  public StudyStore store() {
    return store;
  }

  /** The folder of the study's task files (a ClarQ-LLM tasks folder). */
  public Path tasksFolder() {
    return folder.resolve(TASKS);
  }

  /** The item ids in spec order: task ids, rating item ids, or case ids ({@code craft_md/12}). */
  public List<String> itemIds() {
    return switch (spec.mode()) {
      case RATING -> spec.items().stream().map(RatingItem::id).toList();
      case HUMAN_EXPERT -> List.copyOf(spec.cases().orElseThrow().ids());
      default -> List.copyOf(spec.tasks().orElseThrow().ids());
    };
  }

  /** The MediQ case a human-expert session plays. */
  public io.clarq.core.mediq.MediqCase mediqCase(String id) {
    io.clarq.core.mediq.MediqCase c = cases.get(id);
    if (c == null) {
      throw new IllegalArgumentException("study " + name() + " has no case " + id);
    }
    return c;
  }

  /** The simulated patient of a human-expert study, made from the spec on first use. */
  public synchronized io.clarq.core.mediq.Patient patient() {
    return madePatient().patient();
  }

  /**
   * The patient as a MediQ run records it in its settings ({@code patient}: {@code offline-bm25(...)},
   * {@code InstructPatient(...)}; the "cannot answer" line's or the prompt pack's origin).
   */
  public synchronized Map<String, String> patientSettings() {
    return madePatient().settings();
  }

  private ExpertCaseFiles.Made madePatient() {
    if (patient == null) {
      patient = ExpertCaseFiles.patient(spec.cases().orElseThrow(() -> new IllegalStateException("study " + name()
          + " is a " + spec.mode().key() + " study: it has no patient")));
    }
    return patient;
  }

  /** The task a human-seeker or human-provider session plays. */
  public ClarqTask task(String id) {
    ClarqTask t = tasks.get(id);
    if (t == null) {
      throw new IllegalArgumentException("study " + name() + " has no task " + id);
    }
    return t;
  }

  /** The rating item a rating session shows. */
  public RatingItem ratingItem(String id) {
    return spec.items().stream().filter(i -> i.id().equals(id)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("study " + name() + " has no rating item " + id));
  }

  /** The provider agent that answers human seekers, made from the spec on first use. */
  public synchronized ProviderAgent provider() {
    if (provider == null) {
      String p = spec.provider().strip();
      provider = p.equals("offline") ? new OfflineProvider()
          : LlmProviderAgent.builder(LlmClients.fromSpec(p)).build();
    }
    return provider;
  }

  /** The seeker agent that asks a human provider, made from the spec on first use ({@link StudySeekers}). */
  public synchronized io.clarq.core.clarqllm.seeker.SeekerAgent seeker() {
    if (seeker == null) {
      seeker = StudySeekers.create(spec.seeker(), seekerClients);
    }
    return seeker;
  }

  /** The participants' links, relative to the server's root: {@code /study/NAME/p/TOKEN}, by participant. */
  public Map<String, String> links() {
    Map<String, String> out = new LinkedHashMap<>();
    store.participants().forEach(p -> out.put(p.label(), linkPath(p.token())));
    return out;
  }

  /** The path of a participant's link. */
  public String linkPath(String token) {
    return "/study/" + name() + "/p/" + token;
  }

  @Override
  public void close() {
    store.close();
    for (AutoCloseable c : seekerClients) {
      try {
        c.close();
      } catch (Exception e) {
        throw new IllegalStateException("cannot close the seeker of study " + name() + ": " + e.getMessage(), e);
      }
    }
    if (patient != null && patient.client().isPresent()) {
      try {
        patient.client().get().close();
      } catch (Exception e) {
        throw new IllegalStateException("cannot close the patient's model client of study " + name() + ": "
            + e.getMessage(), e);
      }
    }
    if (provider instanceof AutoCloseable c) {
      try {
        c.close();
      } catch (Exception e) {
        throw new IllegalStateException("cannot close the provider of study " + name() + ": " + e.getMessage(), e);
      }
    }
  }

  /**
   * The tasks of a study's tasks folder: every task file of the language (the demo study holds one file, a study
   * from a data set the whole language folder).
   */
  static TaskSet loadTasks(Path tasksFolder, io.clarq.core.clarqllm.task.Language language) {
    Path dir = tasksFolder.resolve(language.directoryName());
    List<ClarqTask> tasks = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path f : s.filter(f -> TaskFileName.parse(f.getFileName().toString()).isPresent()).sorted().toList()) {
        tasks.addAll(ClarqLlmTasks.loadFile(f, language));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the study's tasks in " + dir + ": " + e.getMessage(), e);
    }
    return new TaskSet(language, tasks);
  }

  // the task files holding the study's tasks, copied into the study folder in the tasks-folder layout
  private static void copyTasks(StudySpec.TaskSource source, Path target) throws IOException {
    Path languageDir = target.resolve(source.language().directoryName());
    Files.createDirectories(languageDir);
    if (source.source().equals(StudySpec.TaskSource.DEMO)) {
      DemoTasks.copyFile(source.language(), languageDir.resolve(DemoTasks.FILE));
    } else {
      Path dir = TasksDirectory.resolve(Path.of(source.source()), source.language());
      // the whole language folder (about 1.5 MB), so `clarq evaluate --tasks STUDY/tasks` reads it like the source
      List<Path> files = new ArrayList<>();
      try (Stream<Path> s = Files.list(dir)) {
        s.filter(f -> TaskFileName.parse(f.getFileName().toString()).isPresent()).forEach(files::add);
      }
      for (Path f : files) {
        Files.copy(f, languageDir.resolve(f.getFileName()));
      }
    }
    TaskSet set = loadTasks(target, source.language());
    for (String id : source.ids()) {
      Optional<ClarqTask> t = set.find(TaskId.parse(id));
      if (t.isEmpty()) {
        throw new IllegalArgumentException("task " + id + " is not in " + source.source());
      }
    }
  }
}
