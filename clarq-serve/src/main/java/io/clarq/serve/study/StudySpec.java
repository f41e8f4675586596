package io.clarq.serve.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.seeker.EndDetection;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.eval.clarqllm.RunConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a study is (docs/studies.md; docs/schemas/study-spec.schema.json): its name, mode, instructions, how many
 * participants and how many items each, and the items: ClarQ-LLM tasks for a human-seeker study (from the demo tasks
 * or a tasks folder, with the provider agent that answers) or a human-provider study (with the seeker agent that
 * asks), questions for a rating study, MediQ cases for a human-expert study (with the patient and the question cap).
 *
 * @param name the study's name: letters, digits, dot, dash, underscore
 * @param mode what the participants do
 * @param instructions shown to every participant before they start
 * @param participants how many participants (one link each)
 * @param perParticipant how many items each participant gets
 * @param tasks the tasks of a human-seeker or human-provider study; empty for a rating or human-expert study
 * @param provider who answers a human seeker: "offline" (default) or an LLM spec
 * @param endDetection the rule that decides a seeker line ends the dialogue (default: the reference rule)
 * @param maxSeekerTurns the seeker's turn cap (default: the reference's 12)
 * @param items the questions of a rating study; empty for the other modes
 * @param seeker who asks a human provider: {@value #RULE_SEEKER} (default, clarq's offline rule-based seeker), a
 *     plug-in seeker's {@code SCHEME:ARGS}, or the paper's LLM seeker {@code [comp:|chat:]MODEL-SPEC}
 * @param cases the cases, patient and question cap of a human-expert study; empty for the other modes
 */
public record StudySpec(String name, StudyMode mode, String instructions, int participants, int perParticipant,
    Optional<TaskSource> tasks, String provider, EndDetection endDetection, int maxSeekerTurns,
    List<RatingItem> items, String seeker, Optional<ExpertCases> cases) {
  /** The seeker of a human-provider study when the spec names none: clarq's rule-based seeker, no model. */
  public static final String RULE_SEEKER = "rule";

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> FIELDS = Set.of("name", "benchmark", "mode", "instructions", "participants",
      "per_participant", "tasks", "provider", "end_detection", "max_seeker_turns", "items", "seeker", "cases",
      "patient", "max_questions");

  public StudySpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(instructions, "instructions");
    Objects.requireNonNull(tasks, "tasks");
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(endDetection, "endDetection");
    Objects.requireNonNull(seeker, "seeker");
    Objects.requireNonNull(cases, "cases");
    items = List.copyOf(items);
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("illegal study name \"" + name + "\": letters, digits, '.', '-', '_' only,"
          + " starting with a letter or digit, at most 64 characters");
    }
    if (maxSeekerTurns < 1) {
      throw new IllegalArgumentException("illegal max_seeker_turns " + maxSeekerTurns + ": must be at least 1");
    }
    if ((mode == StudyMode.HUMAN_SEEKER || mode == StudyMode.HUMAN_PROVIDER) && tasks.isEmpty()) {
      throw new IllegalArgumentException("illegal study " + name + ": a " + mode.key() + " study needs \"tasks\"");
    }
    if (mode == StudyMode.HUMAN_PROVIDER) {
      StudySeekers.check(seeker);
    }
    if (mode == StudyMode.RATING && items.isEmpty()) {
      throw new IllegalArgumentException("illegal study " + name + ": a rating study needs \"items\"");
    }
    if (mode == StudyMode.HUMAN_EXPERT && cases.isEmpty()) {
      throw new IllegalArgumentException("illegal study " + name + ": a human-expert study needs \"cases\"");
    }
    if ((mode == StudyMode.HUMAN_EXPERT) != cases.isPresent() || mode == StudyMode.HUMAN_EXPERT
        && (tasks.isPresent() || !items.isEmpty())) {
      throw new IllegalArgumentException("illegal study " + name + ": \"cases\" belong to a human-expert study,"
          + " \"tasks\" to a human-seeker or human-provider study, \"items\" to a rating study");
    }
    Set<String> ids = new HashSet<>();
    for (RatingItem item : items) {
      if (!ids.add(item.id())) {
        throw new IllegalArgumentException("illegal study " + name + ": rating item id \"" + item.id()
            + "\" appears twice");
      }
    }
    Assignment.balanced(itemCount(mode, tasks, items, cases), participants, perParticipant);
  }

  /**
   * A spec with the default seeker ({@value #RULE_SEEKER}) and no MediQ cases: what a human-seeker or rating study
   * needs.
   */
  public StudySpec(String name, StudyMode mode, String instructions, int participants, int perParticipant,
      Optional<TaskSource> tasks, String provider, EndDetection endDetection, int maxSeekerTurns,
      List<RatingItem> items) {
    this(name, mode, instructions, participants, perParticipant, tasks, provider, endDetection, maxSeekerTurns, items,
        RULE_SEEKER, Optional.empty());
  }

  /** A spec with no MediQ cases: a human-seeker, human-provider or rating study's. */
  public StudySpec(String name, StudyMode mode, String instructions, int participants, int perParticipant,
      Optional<TaskSource> tasks, String provider, EndDetection endDetection, int maxSeekerTurns,
      List<RatingItem> items, String seeker) {
    this(name, mode, instructions, participants, perParticipant, tasks, provider, endDetection, maxSeekerTurns, items,
        seeker, Optional.empty());
  }

  /** A spec with the default seeker ({@value #RULE_SEEKER}): a human-expert study's, or (no cases) any other's. */
  public StudySpec(String name, StudyMode mode, String instructions, int participants, int perParticipant,
      Optional<TaskSource> tasks, String provider, EndDetection endDetection, int maxSeekerTurns,
      List<RatingItem> items, Optional<ExpertCases> cases) {
    this(name, mode, instructions, participants, perParticipant, tasks, provider, endDetection, maxSeekerTurns, items,
        RULE_SEEKER, cases);
  }

  private static int itemCount(StudyMode mode, Optional<TaskSource> tasks, List<RatingItem> items,
      Optional<ExpertCases> cases) {
    return switch (mode) {
      case RATING -> items.size();
      case HUMAN_EXPERT -> cases.map(c -> c.ids().size()).orElse(0);
      default -> tasks.map(t -> t.ids().size()).orElse(0);
    };
  }

  /** How many items (tasks, questions or cases) the study has. */
  public int itemCount() {
    return itemCount(mode, tasks, items, cases);
  }

  /**
   * Where a human-seeker study's tasks come from.
   *
   * @param source "demo" (the demo tasks shipped in clarq-datasets) or a ClarQ-LLM tasks folder, as given
   * @param language the tasks' language
   * @param ids the task ids, in order, each once
   */
  public record TaskSource(String source, Language language, List<String> ids) {
    /** The source naming the demo tasks. */
    public static final String DEMO = "demo";

    public TaskSource {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(language, "language");
      ids = List.copyOf(ids);
      if (ids.isEmpty()) {
        throw new IllegalArgumentException("illegal tasks: \"ids\" is empty");
      }
      if (new HashSet<>(ids).size() != ids.size()) {
        throw new IllegalArgumentException("illegal tasks: \"ids\" " + ids + " names a task twice");
      }
      // a ClarQ-LLM run (and so the study's export) plays one split; its language is the one "language"
      io.clarq.core.clarqllm.task.Split first = split(ids.get(0));
      for (String id : ids) {
        if (split(id) != first) {
          throw new IllegalArgumentException("illegal tasks: task " + id + " is of the " + split(id).name()
              .toLowerCase(java.util.Locale.ROOT) + " split, but task " + ids.get(0) + " of the " + first.name()
              .toLowerCase(java.util.Locale.ROOT) + " split; a ClarQ-LLM run, and so a study, holds tasks of one"
              + " split (types 1-26 test, 27-31 dev)");
        }
      }
    }

    private static io.clarq.core.clarqllm.task.Split split(String id) {
      try {
        return io.clarq.core.clarqllm.task.TaskId.parse(id).split();
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("illegal tasks: task \"" + id + "\": " + e.getMessage(), e);
      }
    }
  }

  /**
   * Reads a spec file; a relative tasks folder is resolved against the file's folder.
   *
   * @throws IllegalArgumentException naming the file and the field that is wrong
   */
  public static StudySpec read(Path file) {
    JsonNode root;
    try {
      root = JSON.readTree(Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read study spec " + file + ": " + e.getMessage(), e);
    }
    try {
      return parse(root, file.toAbsolutePath().getParent());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("study spec " + file + ": " + e.getMessage(), e);
    }
  }

  /** Reads a spec from its JSON; {@code base} resolves a relative tasks folder. */
  public static StudySpec parse(JsonNode root, Path base) {
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("expected a JSON object");
    }
    for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
      String field = it.next();
      if (!FIELDS.contains(field)) {
        throw new IllegalArgumentException("unknown field \"" + field + "\"; known: " + new java.util.TreeSet<>(FIELDS));
      }
    }
    StudyMode mode = StudyMode.parse(text(root, "mode", null));
    String benchmark = text(root, "benchmark", mode.benchmark());
    if (!benchmark.equals(mode.benchmark())) {
      throw new IllegalArgumentException("\"benchmark\": mode " + mode.key() + " belongs to " + mode.benchmark()
          + ", not " + benchmark);
    }
    Optional<TaskSource> tasks = Optional.empty();
    if (root.has("tasks")) {
      JsonNode t = root.get("tasks");
      String source = text(t, "source", TaskSource.DEMO);
      if (!source.equals(TaskSource.DEMO) && !Path.of(source).isAbsolute() && base != null) {
        source = base.resolve(source).normalize().toString();
      }
      List<String> ids = new ArrayList<>();
      JsonNode list = t.get("ids");
      if (list == null || !list.isArray()) {
        throw new IllegalArgumentException("\"tasks\".\"ids\": expected an array of task ids such as \"1.0\"");
      }
      list.forEach(n -> ids.add(n.asText()));
      tasks = Optional.of(new TaskSource(source, Language.parse(text(t, "language", "en")), ids));
    }
    List<RatingItem> items = new ArrayList<>();
    if (root.has("items")) {
      JsonNode list = root.get("items");
      if (!list.isArray()) {
        throw new IllegalArgumentException("\"items\": expected an array of {id, request, reference, question}");
      }
      int i = 0;
      for (JsonNode n : list) {
        i++;
        try {
          items.add(new RatingItem(text(n, "id", null), text(n, "request", ""), text(n, "reference", null),
              text(n, "question", null)));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("\"items\", item " + i + ": " + e.getMessage(), e);
        }
      }
    }
    if (mode == StudyMode.HUMAN_PROVIDER && root.has("provider")) {
      throw new IllegalArgumentException("\"provider\": in a human-provider study the participants are the provider;"
          + " name the agent that asks them with \"seeker\"");
    }
    if (mode != StudyMode.HUMAN_PROVIDER && root.has("seeker")) {
      throw new IllegalArgumentException("\"seeker\": only a human-provider study has a seeker agent, not a "
          + mode.key() + " study");
    }
    return new StudySpec(text(root, "name", null), mode, text(root, "instructions", ""),
        number(root, "participants", -1), number(root, "per_participant", -1), tasks,
        text(root, "provider", "offline"), EndDetection.parse(text(root, "end_detection", "reference")),
        number(root, "max_seeker_turns", RunConfig.REFERENCE_MAX_SEEKER_TURNS), items,
        text(root, "seeker", RULE_SEEKER), cases(root, base));
  }

  // a human-expert study's "cases" ({source, ids}), with "patient" and "max_questions" beside them
  private static Optional<ExpertCases> cases(JsonNode root, Path base) {
    if (!root.has("cases")) {
      if (root.has("patient") || root.has("max_questions")) {
        throw new IllegalArgumentException("\"patient\" and \"max_questions\" belong to a human-expert study with"
            + " \"cases\"");
      }
      return Optional.empty();
    }
    JsonNode c = root.get("cases");
    String source = text(c, "source", ExpertCases.FETCHED);
    if (!source.equals(ExpertCases.FETCHED) && !Path.of(source).isAbsolute() && base != null) {
      source = base.resolve(source).normalize().toString();
    }
    JsonNode list = c.get("ids");
    if (list == null || !list.isArray()) {
      throw new IllegalArgumentException("\"cases\".\"ids\": expected an array of cases such as \"craft_md/12\"");
    }
    List<String> ids = new ArrayList<>();
    list.forEach(n -> ids.add(n.asText()));
    return Optional.of(new ExpertCases(source, ids, text(root, "patient", ExpertCases.OFFLINE),
        number(root, "max_questions", ExpertCases.REFERENCE_MAX_QUESTIONS)));
  }

  /** The spec as JSON, in the form {@link #parse} reads (kept in the study folder). */
  public ObjectNode toJson() {
    ObjectNode o = JSON.createObjectNode();
    o.put("name", name).put("benchmark", mode.benchmark()).put("mode", mode.key()).put("instructions", instructions)
        .put("participants", participants).put("per_participant", perParticipant);
    tasks.ifPresent(t -> {
      ObjectNode n = o.putObject("tasks").put("source", t.source()).put("language", t.language().code());
      ArrayNode ids = n.putArray("ids");
      t.ids().forEach(ids::add);
      if (mode == StudyMode.HUMAN_PROVIDER) {
        o.put("seeker", seeker);
      } else {
        o.put("provider", provider);
      }
      o.put("end_detection", endDetection.name().toLowerCase(java.util.Locale.ROOT))
          .put("max_seeker_turns", maxSeekerTurns);
    });
    cases.ifPresent(c -> {
      ArrayNode ids = o.putObject("cases").put("source", c.source()).putArray("ids");
      c.ids().forEach(ids::add);
      o.put("patient", c.patient()).put("max_questions", c.maxQuestions());
    });
    if (!items.isEmpty()) {
      ArrayNode a = o.putArray("items");
      items.forEach(i -> a.addObject().put("id", i.id()).put("request", i.request()).put("reference", i.reference())
          .put("question", i.question()));
    }
    return o;
  }

  private static String text(JsonNode node, String field, String fallback) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      if (fallback == null) {
        throw new IllegalArgumentException("missing field \"" + field + "\"");
      }
      return fallback;
    }
    if (!v.isTextual()) {
      throw new IllegalArgumentException("\"" + field + "\": expected a string, got " + v);
    }
    return v.asText();
  }

  private static int number(JsonNode node, String field, int fallback) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      if (fallback < 0) {
        throw new IllegalArgumentException("missing field \"" + field + "\"");
      }
      return fallback;
    }
    if (!v.canConvertToInt() || !v.isIntegralNumber()) {
      throw new IllegalArgumentException("\"" + field + "\": expected a whole number, got " + v);
    }
    return v.asInt();
  }
}
