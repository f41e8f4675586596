package io.clarq.datasets.clarqllm.reference;

import io.clarq.datasets.clarqllm.reference.PyAst.Call;
import io.clarq.datasets.clarqllm.reference.PyValue.Items;
import io.clarq.datasets.clarqllm.reference.PyValue.Sym;
import io.clarq.datasets.clarqllm.reference.PyValue.Text;
import io.clarq.datasets.clarqllm.reference.PyValue.Val;
import java.util.List;

/**
 * Python's {@code str.format} (positional fields {@code {0}}, {@code {}} and doubled braces) and {@code str.join} on
 * the symbolic text of {@link PyTemplateEval}: a join of a list standing for an input is that input's placeholder.
 */
final class PyStrMethods {
  private PyStrMethods() {}

  // str.format with positional fields: {0}, {1}, {} and the doubled braces
  static Val format(PyTemplateEval ev, Text t, List<Val> args, Call c) {
    if (!t.literal()) {
      throw ev.error(c, "format of a string holding placeholders");
    }
    String s = t.text();
    StringBuilder sb = new StringBuilder();
    boolean literal = true;
    int auto = 0;
    for (int k = 0; k < s.length(); k++) {
      char ch = s.charAt(k);
      if (ch == '{' && k + 1 < s.length() && s.charAt(k + 1) == '{') {
        sb.append('{');
        k++;
      } else if (ch == '}' && k + 1 < s.length() && s.charAt(k + 1) == '}') {
        sb.append('}');
        k++;
      } else if (ch == '{') {
        int close = s.indexOf('}', k);
        if (close < 0) {
          throw ev.error(c, "unmatched '{' in the format string");
        }
        String field = s.substring(k + 1, close);
        int n;
        if (field.isEmpty()) {
          n = auto++;
        } else if (field.matches("\\d+")) {
          n = Integer.parseInt(field);
        } else {
          throw ev.error(c, "format field {" + field + "} is not positional");
        }
        if (n >= args.size()) {
          throw ev.error(c, "format field {" + n + "} has no argument");
        }
        Text a = ev.text(args.get(n), c);
        sb.append(a.text());
        literal &= a.literal();
        k = close;
      } else if (ch == '}') {
        throw ev.error(c, "single '}' in the format string");
      } else {
        sb.append(ch);
      }
    }
    return new Text(sb.toString(), literal);
  }

  static Val join(PyTemplateEval ev, Text sep, List<Val> args, Call c) {
    if (args.size() != 1) {
      throw ev.error(c, "join takes one argument");
    }
    Val list = args.get(0);
    if (list instanceof Sym s && s.join() != null) {
      return new Text("{" + s.join() + "}", false);
    }
    if (list instanceof Items l) {
      StringBuilder sb = new StringBuilder();
      boolean literal = sep.literal();
      for (int k = 0; k < l.items().size(); k++) {
        Text t = ev.text(l.items().get(k), c);
        if (k > 0) {
          sb.append(sep.text());
        }
        sb.append(t.text());
        literal &= t.literal();
      }
      return new Text(sb.toString(), literal);
    }
    throw ev.error(c, "join of " + list + " not computed here");
  }
}
