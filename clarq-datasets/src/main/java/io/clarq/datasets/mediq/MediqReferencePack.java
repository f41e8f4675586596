package io.clarq.datasets.mediq;

import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import io.clarq.datasets.clarqllm.reference.PythonStrings;
import io.clarq.datasets.jsonl.PythonJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The MediQ reference prompt pack ({@link PackLayout#MEDIQ}), derived from the MediQ code's Python sources
 * (github.com/stellalisy/mediQ at commit faa2ce6, CC BY 4.0) at run time: the expert's prompts are the string values
 * of {@code expert_system} in {@code src/prompts.py}, the patients' prompts the strings their {@code respond}
 * methods in {@code src/patient.py} build, with each f-string input standing as a named placeholder. This class holds
 * no prompt text, only where each template is found; a source that is not the pinned file is refused.
 *
 * <pre>{@code
 * PromptPack pack = MediqReferencePack.load(Path.of("../shared/data/mediq/upstream"));
 * }</pre>
 */
public final class MediqReferencePack {
  /** The pack's name. */
  public static final String NAME = "mediq-reference";

  /** The upstream files the pack is derived from, with their SHA-256 at the pinned commit. */
  public static final Map<String, String> SOURCES = Map.of(
      "src/prompts.py", "72ef6b45c5d3344ca06e5dbcb4e4c520c6eec754eff9a95e04a1d4359f122013",
      "src/patient.py", "27a52b456d79f0f1cc9316e147da87dc4ff2a1df416f4bca7386315662581876",
      "LICENSE", "7e7170e3cebf88a9f60c7b8421418323c09304da1af4d5e90f4da1dc1c8a2661");

  /** The pinned commit of github.com/stellalisy/mediQ. */
  public static final String COMMIT = "faa2ce62fef0423e35af4c31d7537aad973173eb";

  private static final String PROMPTS = "src/prompts.py";
  private static final String PATIENT = "src/patient.py";
  private static final List<String> CASE_SLOTS = List.of("patient_info", "conversation_log", "inquiry", "options",
      "task");

  private MediqReferencePack() {}

  /**
   * The pack derived from the reference code in {@code upstream} (the repository's root: {@code src/prompts.py},
   * {@code src/patient.py}, {@code LICENSE}).
   *
   * @throws IllegalArgumentException naming the file when a source is missing or is not the pinned file
   */
  public static PromptPack load(Path upstream) {
    return PromptPack.fromFiles(NAME + " (derived from " + upstream + ")", PackLayout.MEDIQ, derive(read(upstream)));
  }

  /** The data set's name in the data catalogue ({@code clarq data fetch mediq}). */
  public static final String DATA_SET = "mediq";

  /** The reference code's folder inside the data set's folder (as in the reference copy: {@code mediq/upstream}). */
  public static final String UPSTREAM = "upstream";

  /** The derived pack's folder inside the data set's folder. */
  public static final String FOLDER = "reference-prompts";

  /**
   * Writes the derived pack into {@code target}, whole: into a temporary folder beside it first, then moved into
   * place (replacing an earlier one), so a failure leaves no half-written pack.
   *
   * @return the pack as read back from {@code target}
   * @throws IllegalArgumentException naming the file when a source is missing or is not the pinned file
   */
  public static PromptPack write(Path upstream, Path target) throws IOException {
    Map<String, String> files = derive(read(upstream));
    Path parent = target.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path tmp = Files.createTempDirectory(parent, "." + target.getFileName());
    try {
      for (Map.Entry<String, String> e : files.entrySet()) {
        Path f = tmp.resolve(e.getKey());
        Files.createDirectories(f.getParent());
        Files.writeString(f, e.getValue(), StandardCharsets.UTF_8);
      }
      PromptPack.load(tmp, PackLayout.MEDIQ);
      deleteTree(target);
      Files.move(tmp, target);
    } finally {
      deleteTree(tmp);
    }
    return PromptPack.load(target, PackLayout.MEDIQ);
  }

  private static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (java.util.stream.Stream<Path> s = Files.walk(p)) {
      for (Path x : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(x);
      }
    }
  }

  /** The sources by upstream path, each checked against its pin. */
  static Map<String, String> read(Path upstream) {
    Map<String, String> out = new TreeMap<>();
    for (Map.Entry<String, String> e : SOURCES.entrySet()) {
      Path f = upstream.resolve(e.getKey());
      byte[] bytes;
      try {
        bytes = Files.readAllBytes(f);
      } catch (IOException x) {
        throw new IllegalArgumentException("cannot read the MediQ reference code's " + e.getKey() + " at " + f
            + ": " + x.getMessage() + "; run `clarq data fetch mediq` or pass the folder of the MediQ code", x);
      }
      String sha = sha256(bytes);
      if (!sha.equals(e.getValue())) {
        throw new IllegalArgumentException(f + " is not the pinned MediQ file (commit " + COMMIT.substring(0, 7)
            + "): SHA-256 " + sha + ", expected " + e.getValue());
      }
      out.put(e.getKey(), new String(bytes, StandardCharsets.UTF_8));
    }
    return out;
  }

  /** Every file of the pack, by path relative to its root. */
  static Map<String, String> derive(Map<String, String> sources) {
    String prompts = sources.get(PROMPTS);
    String patient = sources.get(PATIENT);
    Map<String, String> expert = PythonStrings.dictionary(prompts, PROMPTS, "expert_system");
    Map<String, String> files = new TreeMap<>();
    files.put(file("expert/system"), entry(expert, "meditron_system_msg"));
    files.put(file("expert/case"), caseFrame(entry(expert, "curr_template")));
    Map<String, String> tasks = new LinkedHashMap<>();
    for (String t : List.of("implicit", "binary", "numerical", "numcutoff", "scale")) {
      tasks.put(t, t);
      tasks.put(t + "_rg", t + "_RG");
    }
    tasks.put("yes_no", "yes_no");
    tasks.put("question", "atomic_question_improved");
    tasks.put("answer", "answer");
    tasks.forEach((template, key) -> files.put(file("expert/" + template), entry(expert, key)));
    Map<String, String> q = Map.of("question", "question");
    files.put(file("patient/direct_system"), at(patient, "DirectPatient.respond", "system_prompt", 0, Map.of()));
    files.put(file("patient/direct"), at(patient, "DirectPatient.respond", "user_prompt", 0,
        Map.of("self.initial_info", "initial_info", "question", "question")));
    files.put(file("patient/instruct_system"), at(patient, "InstructPatient.respond", "system_prompt", 0, Map.of()));
    files.put(file("patient/instruct"), at(patient, "InstructPatient.respond", "user_prompt", 0,
        Map.of("self.context_para", "context", "question", "question")));
    files.put(file("patient/decompose_system"), at(patient, "FactSelectPatient.respond", "system_prompt", 0,
        Map.of()));
    files.put(file("patient/decompose"), at(patient, "FactSelectPatient.respond", "user_prompt", 0,
        Map.of("self.context_para", "context")));
    files.put(file("patient/fact_select_system"), at(patient, "FactSelectPatient.respond", "system_prompt", 1,
        Map.of()));
    files.put(file("patient/fact_select"), at(patient, "FactSelectPatient.respond", "prompt", 0,
        Map.of("facts_prompt", "facts", "question", "question")));
    String cannot = at(patient, "RandomPatient.respond", "answer", 0, q);
    files.put("fixed-utterances.json", "{\n \"en\": {\n  \"question_word\": "
        + PythonJson.string(entry(expert, "question_word"), false) + ",\n  \"answer_word\": "
        + PythonJson.string(entry(expert, "answer_word"), false) + ",\n  \"cannot_answer\": "
        + PythonJson.string(cannot, false) + "\n }\n}\n");
    files.put("pack.json", "{\"name\": \"" + NAME + "\", \"layout\": \"mediq\", \"behaviour\": \"reference\", "
        + "\"description\": \"the prompts of the MediQ code (github.com/stellalisy/mediQ " + COMMIT.substring(0, 7)
        + ", CC BY 4.0), derived at run time\"}\n");
    String licence = sources.get("LICENSE");
    if (licence != null) {
      files.put("LICENSE-upstream", licence);
    }
    return files;
  }

  private static String file(String template) {
    return template + ".en.txt";
  }

  private static String at(String src, String function, String variable, int occurrence, Map<String, String> names) {
    return PythonStrings.assigned(src, PATIENT, function, variable, occurrence, names);
  }

  private static String entry(Map<String, String> dict, String key) {
    String v = dict.get(key);
    if (v == null) {
      throw new IllegalArgumentException(PROMPTS + ": expert_system has no string \"" + key
          + "\": the file is not the pinned reference code");
    }
    return v;
  }

  // the reference fills the frame with str.format and five positional fields; each becomes a named placeholder
  private static String caseFrame(String frame) {
    StringBuilder sb = new StringBuilder();
    int slot = 0;
    for (int i = 0; i < frame.length(); i++) {
      char c = frame.charAt(i);
      if (c == '{' || c == '}') {
        if (c == '{' && i + 1 < frame.length() && frame.charAt(i + 1) == '}' && slot < CASE_SLOTS.size()) {
          sb.append('{').append(CASE_SLOTS.get(slot++)).append('}');
          i++;
          continue;
        }
        throw new IllegalArgumentException(PROMPTS + ": curr_template has a brace that is not a positional field");
      }
      sb.append(c);
    }
    if (slot != CASE_SLOTS.size()) {
      throw new IllegalArgumentException(PROMPTS + ": curr_template has " + slot + " fields, expected "
          + CASE_SLOTS.size());
    }
    return sb.toString();
  }

  private static String sha256(byte[] bytes) {
    try {
      return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
    }
  }
}
