package io.clarq.datasets.clarqllm.reference;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits Python source into tokens: names, numbers, operators, string literals (decoded, f-strings split into text
 * and expression parts), and the NEWLINE / INDENT / DEDENT tokens of logical lines. Enough of the language for the
 * reference code's prompt builders; what it cannot read is an error naming the line.
 */
final class PyLexer {
  enum Kind { NAME, NUMBER, STRING, OP, NEWLINE, INDENT, DEDENT, END }

  /** A part of a string literal: literal text, or (in an f-string) the source of an expression. */
  record Part(String text, boolean expression) {}

  /**
   * A token; {@code start}/{@code end} are offsets into the source, {@code parts} the decoded content of a string.
   */
  record Token(Kind kind, String text, int start, int end, int line, List<Part> parts) {
    boolean is(String op) {
      return (kind == Kind.OP || kind == Kind.NAME) && text.equals(op);
    }
  }

  private static final String[] OPS = {"**=", "//=", "...", "->", ":=", "==", "!=", "<=", ">=", "+=", "-=", "*=",
      "/=", "%=", "&=", "|=", "^=", "**", "//", "<<", ">>"};

  private final String src;
  private final String where;
  private int pos;
  private int line = 1;
  private int depth;
  private final List<Token> out = new ArrayList<>();
  private final List<Integer> indents = new ArrayList<>(List.of(0));

  private PyLexer(String src, String where) {
    this.src = src;
    this.where = where;
  }

  /** The tokens of a whole file. */
  static List<Token> tokens(String src, String where) {
    PyLexer l = new PyLexer(src, where);
    l.run(true);
    return l.out;
  }

  /** The tokens of one expression (an f-string's replacement field): no line structure. */
  static List<Token> expression(String src, String where) {
    PyLexer l = new PyLexer(src, where);
    l.depth = 1;                                       // newlines inside are insignificant
    l.run(false);
    return l.out;
  }

  private void run(boolean lines) {
    boolean lineStart = lines;
    while (true) {
      if (lineStart) {
        int col = 0;
        int p = pos;
        while (p < src.length() && (src.charAt(p) == ' ' || src.charAt(p) == '\t')) {
          col = src.charAt(p) == '\t' ? (col / 8 + 1) * 8 : col + 1;
          p++;
        }
        if (p >= src.length()) {
          pos = p;
          break;
        }
        char c = src.charAt(p);
        if (c == '\n' || c == '\r' || c == '#') {      // blank or comment-only line
          pos = p;
          skipToLineEnd();
          continue;
        }
        pos = p;
        int top = indents.get(indents.size() - 1);
        if (col > top) {
          indents.add(col);
          out.add(new Token(Kind.INDENT, "", pos, pos, line, List.of()));
        } else {
          while (col < indents.get(indents.size() - 1)) {
            indents.remove(indents.size() - 1);
            out.add(new Token(Kind.DEDENT, "", pos, pos, line, List.of()));
          }
          if (col != indents.get(indents.size() - 1)) {
            throw error("inconsistent indentation");
          }
        }
        lineStart = false;
      }
      if (pos >= src.length()) {
        break;
      }
      char c = src.charAt(pos);
      if (c == '\n' || c == '\r') {
        newline();
        if (depth == 0 && lines) {
          out.add(new Token(Kind.NEWLINE, "", pos, pos, line - 1, List.of()));
          lineStart = true;
        }
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\f') {
        pos++;
        continue;
      }
      if (c == '#') {
        while (pos < src.length() && src.charAt(pos) != '\n' && src.charAt(pos) != '\r') {
          pos++;
        }
        continue;
      }
      if (c == '\\' && pos + 1 < src.length() && (src.charAt(pos + 1) == '\n' || src.charAt(pos + 1) == '\r')) {
        pos++;
        newline();                                     // explicit line joining
        continue;
      }
      int start = pos;
      if (Character.isLetter(c) || c == '_' || c > 127) {
        while (pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '_'
            || src.charAt(pos) > 127)) {
          pos++;
        }
        String word = src.substring(start, pos);
        if (pos < src.length() && (src.charAt(pos) == '\'' || src.charAt(pos) == '"')
            && word.length() <= 2 && word.toLowerCase(java.util.Locale.ROOT).matches("[rbuf]{1,2}")) {
          string(start, word.toLowerCase(java.util.Locale.ROOT));
        } else {
          out.add(new Token(Kind.NAME, word, start, pos, line, List.of()));
        }
        continue;
      }
      if (c == '\'' || c == '"') {
        string(start, "");
        continue;
      }
      if (Character.isDigit(c) || (c == '.' && pos + 1 < src.length() && Character.isDigit(src.charAt(pos + 1)))) {
        while (pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '.'
            || src.charAt(pos) == '_')) {
          pos++;
        }
        out.add(new Token(Kind.NUMBER, src.substring(start, pos), start, pos, line, List.of()));
        continue;
      }
      String op = String.valueOf(c);
      for (String o : OPS) {
        if (src.startsWith(o, pos)) {
          op = o;
          break;
        }
      }
      if ("([{".contains(op)) {
        depth++;
      } else if (")]}".contains(op)) {
        depth--;
      }
      pos += op.length();
      out.add(new Token(Kind.OP, op, start, pos, line, List.of()));
    }
    if (lines) {
      if (!out.isEmpty() && out.get(out.size() - 1).kind() != Kind.NEWLINE) {
        out.add(new Token(Kind.NEWLINE, "", pos, pos, line, List.of()));
      }
      while (indents.size() > 1) {
        indents.remove(indents.size() - 1);
        out.add(new Token(Kind.DEDENT, "", pos, pos, line, List.of()));
      }
    }
    out.add(new Token(Kind.END, "", pos, pos, line, List.of()));
  }

  private void skipToLineEnd() {
    while (pos < src.length() && src.charAt(pos) != '\n' && src.charAt(pos) != '\r') {
      pos++;
    }
    if (pos < src.length()) {
      newline();
    }
  }

  private void newline() {
    if (src.charAt(pos) == '\r' && pos + 1 < src.length() && src.charAt(pos + 1) == '\n') {
      pos++;
    }
    pos++;
    line++;
  }

  // a string literal starting at pos (after its prefix); start = the prefix's offset
  private void string(int start, String prefix) {
    boolean raw = prefix.contains("r");
    boolean f = prefix.contains("f");
    char q = src.charAt(pos);
    boolean triple = src.startsWith(String.valueOf(q).repeat(3), pos);
    int firstLine = line;
    pos += triple ? 3 : 1;
    StringBuilder body = new StringBuilder();
    while (true) {
      if (pos >= src.length()) {
        throw error("unterminated string literal starting on line " + firstLine);
      }
      char c = src.charAt(pos);
      if (c == '\\' && pos + 1 < src.length()) {
        body.append(c).append(src.charAt(pos + 1));
        if (src.charAt(pos + 1) == '\n') {
          line++;
        }
        pos += 2;
        continue;
      }
      if (c == q && (!triple || src.startsWith(String.valueOf(q).repeat(3), pos))) {
        pos += triple ? 3 : 1;
        break;
      }
      if (c == '\n') {
        if (!triple) {
          throw error("unterminated string literal");
        }
        line++;
      }
      body.append(c);
      pos++;
    }
    List<Part> parts = f ? fParts(body.toString(), raw, firstLine) : List.of(new Part(decode(body.toString(), raw,
        firstLine), false));
    out.add(new Token(Kind.STRING, src.substring(start, pos), start, pos, firstLine, parts));
  }

  private List<Part> fParts(String body, boolean raw, int at) {
    List<Part> parts = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    int i = 0;
    while (i < body.length()) {
      char c = body.charAt(i);
      if (c == '{' && i + 1 < body.length() && body.charAt(i + 1) == '{') {
        text.append("{{");
        i += 2;
      } else if (c == '}' && i + 1 < body.length() && body.charAt(i + 1) == '}') {
        text.append("}}");
        i += 2;
      } else if (c == '{') {
        if (text.length() > 0) {
          parts.add(new Part(decode(text.toString(), raw, at).replace("{{", "{").replace("}}", "}"), false));
          text.setLength(0);
        }
        int level = 0;
        int j = i + 1;
        char quote = 0;
        for (; j < body.length(); j++) {
          char d = body.charAt(j);
          if (quote != 0) {
            if (d == quote) {
              quote = 0;
            }
          } else if (d == '\'' || d == '"') {
            quote = d;
          } else if (d == '[' || d == '(' || d == '{') {
            level++;
          } else if (d == ']' || d == ')' || (d == '}' && level > 0)) {
            level--;
          } else if (d == '}') {
            break;
          } else if ((d == '!' || d == ':') && level == 0 && !(d == '!' && j + 1 < body.length()
              && body.charAt(j + 1) == '=')) {
            throw error("f-string conversions and format specs are not read (line " + at + ")");
          }
        }
        if (j >= body.length()) {
          throw error("f-string replacement field without '}' (line " + at + ")");
        }
        parts.add(new Part(body.substring(i + 1, j), true));
        i = j + 1;
      } else if (c == '}') {
        throw error("single '}' in an f-string (line " + at + ")");
      } else {
        text.append(c);
        if (c == '\\' && i + 1 < body.length()) {
          text.append(body.charAt(i + 1));
          i++;
        }
        i++;
      }
    }
    if (text.length() > 0) {
      parts.add(new Part(decode(text.toString(), raw, at).replace("{{", "{").replace("}}", "}"), false));
    }
    return parts;
  }

  // Python's escape sequences of a (non-bytes) string literal
  private String decode(String s, boolean raw, int at) {
    if (raw) {
      return s.replace("\\\n", "\\\n");
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\' || i + 1 >= s.length()) {
        sb.append(c);
        continue;
      }
      char e = s.charAt(++i);
      switch (e) {
        case '\n' -> { }
        case '\\' -> sb.append('\\');
        case '\'' -> sb.append('\'');
        case '"' -> sb.append('"');
        case 'a' -> sb.append('\u0007');
        case 'b' -> sb.append('\b');
        case 'f' -> sb.append('\f');
        case 'n' -> sb.append('\n');
        case 'r' -> sb.append('\r');
        case 't' -> sb.append('\t');
        case 'v' -> sb.append('\u000b');
        case 'x' -> {
          sb.append((char) Integer.parseInt(hex(s, i + 1, 2, at), 16));
          i += 2;
        }
        case 'u' -> {
          sb.append((char) Integer.parseInt(hex(s, i + 1, 4, at), 16));
          i += 4;
        }
        case 'U' -> {
          sb.appendCodePoint(Integer.parseInt(hex(s, i + 1, 8, at), 16));
          i += 8;
        }
        default -> {
          if (e >= '0' && e <= '7') {
            int j = i;
            while (j < s.length() && j < i + 3 && s.charAt(j) >= '0' && s.charAt(j) <= '7') {
              j++;
            }
            sb.append((char) Integer.parseInt(s.substring(i, j), 8));
            i = j - 1;
          } else {
            sb.append('\\').append(e);               // unknown escapes stay as written
          }
        }
      }
    }
    return sb.toString();
  }

  private String hex(String s, int from, int n, int at) {
    if (from + n > s.length() || !s.substring(from, from + n).matches("[0-9a-fA-F]+")) {
      throw error("bad escape sequence in the string literal on line " + at);
    }
    return s.substring(from, from + n);
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException(where + " line " + line + ": " + what);
  }
}
