package io.clarq.datasets.clarqllm.reference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.datasets.clarqllm.reference.PyAst.DictLit;
import io.clarq.datasets.clarqllm.reference.PyAst.Expr;
import io.clarq.datasets.clarqllm.reference.PyAst.ListLit;
import io.clarq.datasets.clarqllm.reference.PyAst.Str;
import io.clarq.datasets.clarqllm.verdict.VerdictRecord;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.razorvine.pickle.PickleException;
import net.razorvine.pickle.Unpickler;

/**
 * The reference GPT-4o judge's verdicts, read out of its cache ({@code log/llm_evaluator_cache.pkl}: a pickled
 * {@code collections.OrderedDict} from {@code str()} of the request's messages list to the raw reply). Each key's
 * prompt is cut along the judge templates of the reference pack (so the words come from the pack, not from here)
 * into the gold line, its purpose and the generated lines, undoing {@code add_punctuation}; the reply gives match
 * and analysis.
 */
final class ReferenceVerdicts {
  private ReferenceVerdicts() {}

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ADDED = ".。";
  private static final String CLOSERS = "\"'*\u201d\u2019";

  /** The judge templates of one language: the prompt, the gold item, the generated item. */
  record JudgeTemplates(Language language, String prompt, String goldItem, String generatedItem) {}

  /**
   * Reads the pickled cache.
   *
   * @param where names the file in errors
   * @throws IllegalArgumentException naming the entry when one cannot be read as a judge request and reply
   */
  static List<VerdictRecord> read(InputStream pickle, String where, List<JudgeTemplates> templates)
      throws IOException {
    Object root;
    Unpickler u = new Unpickler();
    try {
      root = u.load(pickle);
    } catch (PickleException e) {
      throw new IllegalArgumentException(where + ": not a readable pickle: " + e.getMessage(), e);
    } finally {
      u.close();
    }
    if (!(root instanceof Map<?, ?> map)) {
      throw new IllegalArgumentException(where + ": holds a " + (root == null ? "None" : root.getClass().getName())
          + ", not the judge's cache (a dict)");
    }
    List<VerdictRecord> out = new ArrayList<>();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      if ("__class__".equals(e.getKey())) {
        continue;                                      // Pyrolite's marker of the pickled class (OrderedDict)
      }
      if (!(e.getKey() instanceof String key) || !(e.getValue() instanceof String reply)) {
        throw new IllegalArgumentException(where + ": an entry is not text to text: " + abbreviate(e.getKey()));
      }
      try {
        out.add(record(prompt(key), reply, templates));
      } catch (IllegalArgumentException x) {
        throw new IllegalArgumentException(where + ": entry " + abbreviate(key) + ": " + x.getMessage(), x);
      }
    }
    out.sort(Comparator.comparing((VerdictRecord r) -> r.language().code()).thenComparing(VerdictRecord::gold)
        .thenComparing(VerdictRecord::purpose).thenComparing(r -> String.join("\n", r.generated())));
    return out;
  }

  // the content of the single user message of str(messages)
  private static String prompt(String key) {
    Expr e = PyParser.expression(key, "cache key");
    if (e instanceof ListLit l && l.items().size() == 1 && l.items().get(0) instanceof DictLit d) {
      for (int k = 0; k < d.keys().size(); k++) {
        if (d.keys().get(k) instanceof Str name && text(name).equals("content")
            && d.values().get(k) instanceof Str content) {
          return text(content);
        }
      }
    }
    throw new IllegalArgumentException("not the repr of one message with a content");
  }

  private static String text(Str s) {
    StringBuilder sb = new StringBuilder();
    for (Object p : s.parts()) {
      if (!(p instanceof String t)) {
        throw new IllegalArgumentException("an f-string in a repr");
      }
      sb.append(t);
    }
    return sb.toString();
  }

  private static VerdictRecord record(String prompt, String reply, List<JudgeTemplates> templates) {
    for (JudgeTemplates t : templates) {
      String[] around = split(t.prompt(), "gold_items", "generated_items");
      if (!prompt.startsWith(around[0]) || !prompt.endsWith(around[2])
          || prompt.length() < around[0].length() + around[2].length()) {
        continue;
      }
      String inner = prompt.substring(around[0].length(), prompt.length() - around[2].length());
      int cut = inner.indexOf(around[1]);
      if (cut < 0) {
        continue;
      }
      String gold = inner.substring(0, cut);
      String generated = inner.substring(cut + around[1].length());
      String[] goldItem = split(t.goldItem(), "index", "gold", "purpose");   // "", ". ", "\t...: ", ""
      String[] genItem = split(t.generatedItem(), "index", "line");
      String goldPrefix = goldItem[0] + "1" + goldItem[1];
      int purposeAt = gold.indexOf(goldItem[2]);
      if (!gold.startsWith(goldPrefix) || purposeAt < 0 || !goldItem[3].isEmpty() || !genItem[2].isEmpty()) {
        throw new IllegalArgumentException("the gold item is not in the judge's gold-item form");
      }
      String goldLine = unpunctuated(gold.substring(goldPrefix.length(), purposeAt));
      String purpose = purposeOf(gold.substring(purposeAt + goldItem[2].length()));
      List<String> lines = new ArrayList<>();
      for (String item : items(generated, genItem[0], genItem[1])) {
        lines.add(unpunctuated(item));
      }
      JsonNode r;
      try {
        r = JSON.readTree(reply);
      } catch (IOException x) {
        throw new IllegalArgumentException("the reply is not JSON: " + abbreviate(reply), x);
      }
      JsonNode match = r == null ? null : r.get("match");
      if (match == null || !match.isBoolean()) {
        throw new IllegalArgumentException("the reply has no true/false match: " + abbreviate(reply));
      }
      return new VerdictRecord(t.language(), goldLine, purpose, lines, match.booleanValue(),
          r.path("analysis").asText(""));
    }
    throw new IllegalArgumentException("the prompt is not the reference judge's prompt in any language");
  }

  // the literal pieces of a template around its placeholders, which must appear in this order
  private static String[] split(String template, String... names) {
    String[] out = new String[names.length + 1];
    int from = 0;
    for (int k = 0; k < names.length; k++) {
      int at = template.indexOf("{" + names[k] + "}", from);
      if (at < 0) {
        throw new IllegalArgumentException("the judge template has no {" + names[k] + "} where expected");
      }
      out[k] = template.substring(from, at);
      from = at + names[k].length() + 2;
    }
    out[names.length] = template.substring(from);
    return out;
  }

  /**
   * The generated items {@code 1. a\n2. b}: an item starts at "\nK. " for the next K, except that a numbered list
   * inside a reply (a line "1. " restarting the count, then its own 2., 3., ...) is part of that reply.
   */
  static List<String> items(String text, String prefix, String separator) {
    if (text.isEmpty()) {
      return List.of();
    }
    Pattern marker = Pattern.compile("\n" + Pattern.quote(prefix) + "(\\d+)" + Pattern.quote(separator));
    String first = prefix + "1" + separator;
    if (!text.startsWith(first)) {
      throw new IllegalArgumentException("the generated lines do not start with item 1");
    }
    List<String> items = new ArrayList<>();
    int start = first.length();
    int next = 2;
    int inner = 0;                                     // next number of a list inside the current item; 0: none
    Matcher m = marker.matcher(text);
    int from = start;
    while (m.find(from)) {
      int k = Integer.parseInt(m.group(1));
      if (k == 1) {
        inner = 2;
      } else if (inner > 0 && k == inner) {
        inner++;
      } else if (k == next) {
        items.add(text.substring(start, m.start()));
        start = m.end();
        next++;
        inner = 0;
      }
      from = m.end();
    }
    items.add(text.substring(start));
    return items;
  }

  // gold and generated lines were stripped of final punctuation before add_punctuation appended '.' or '。'
  private static String unpunctuated(String s) {
    return !s.isEmpty() && ADDED.indexOf(s.charAt(s.length() - 1)) >= 0 ? s.substring(0, s.length() - 1) : s;
  }

  /**
   * A purpose as the task states it: add_punctuation appended '.' or '。' only when it did not end in one of
   * {@code .?!,。？！，}. The tasks' purposes all end in one of those, except four English ones that end in a closing
   * quote or a bold marker ({@code ."} or {@code .**}); so a final '.'/'。' right after a quote or an asterisk was
   * added, and any other was the purpose's own.
   */
  private static String purposeOf(String s) {
    if (s.length() >= 2 && ADDED.indexOf(s.charAt(s.length() - 1)) >= 0) {
      char before = s.charAt(s.length() - 2);
      if (CLOSERS.indexOf(before) >= 0) {
        return s.substring(0, s.length() - 1);
      }
    }
    return s;
  }

  private static String abbreviate(Object o) {
    String s = String.valueOf(o);
    return s.length() > 80 ? s.substring(0, 80) + "..." : s;
  }
}
