package io.clarq.datasets.clarqllm.reference;

import io.clarq.datasets.clarqllm.reference.PyLexer.Kind;
import io.clarq.datasets.clarqllm.reference.PyLexer.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the tokens of {@link PyLexer} into statements and expressions: the part of Python the reference code's
 * prompt builders are written in (assignments, if/elif/else, return, definitions; string literals, f-strings,
 * {@code +}, calls, attributes, subscripts, comparisons, boolean operators, conditional expressions, lists, tuples,
 * dicts and list comprehensions). Statements it does not model ({@code for}, {@code try}, ...) are kept as opaque
 * statements, their bodies parsed and skipped.
 */
final class PyParser {
  /** An expression; {@code src} is its exact source text. */
  sealed interface Expr permits Name, Num, Str, Const, BinOp, BoolOp, Not, Compare, Cond, Call, Attr, Subscript,
      ListLit, TupleLit, DictLit, ListComp, Slice {
    String src();
  }

  record Name(String src, String id) implements Expr {}

  record Num(String src, long value) implements Expr {}

  /** A string literal or implicit concatenation of them; each part is text or an f-string's expression. */
  record Str(String src, List<Object> parts) implements Expr {}

  /** True, False or None. */
  record Const(String src, Boolean value) implements Expr {}

  record BinOp(String src, String op, Expr left, Expr right) implements Expr {}

  record BoolOp(String src, boolean and, List<Expr> values) implements Expr {}

  record Not(String src, Expr value) implements Expr {}

  record Compare(String src, Expr left, List<String> ops, List<Expr> rights) implements Expr {}

  record Cond(String src, Expr test, Expr then, Expr otherwise) implements Expr {}

  record Call(String src, Expr func, List<Expr> args) implements Expr {}

  record Attr(String src, Expr value, String name) implements Expr {}

  record Subscript(String src, Expr value, Expr index) implements Expr {}

  record ListLit(String src, List<Expr> items) implements Expr {}

  record TupleLit(String src, List<Expr> items) implements Expr {}

  record DictLit(String src, List<Expr> keys, List<Expr> values) implements Expr {}

  record ListComp(String src, Expr element, Expr target, Expr iter) implements Expr {}

  record Slice(String src, Expr lower, Expr upper) implements Expr {}

  /** A statement. */
  sealed interface Stmt permits Assign, AugAssign, If, Return, Def, Opaque {
    int line();
  }

  record Assign(int line, Expr target, Expr value) implements Stmt {}

  record AugAssign(int line, Expr target, String op, Expr value) implements Stmt {}

  record If(int line, List<Expr> tests, List<List<Stmt>> bodies, List<Stmt> orelse) implements Stmt {}

  record Return(int line, Expr value) implements Stmt {}

  /** A {@code def} or {@code class}. */
  record Def(int line, boolean isClass, String name, List<Stmt> body) implements Stmt {}

  /** A statement not modelled: skipped when run. */
  record Opaque(int line, String src) implements Stmt {}

  private final String src;
  private final String where;
  private final List<Token> t;
  private int i;

  private PyParser(String src, String where, List<Token> tokens) {
    this.src = src;
    this.where = where;
    this.t = tokens;
  }

  /** The statements of a module. */
  static List<Stmt> module(String src, String where) {
    PyParser p = new PyParser(src, where, PyLexer.tokens(src, where));
    List<Stmt> out = new ArrayList<>();
    while (p.peek().kind() != Kind.END) {
      out.add(p.statement());
    }
    return out;
  }

  /** One expression, e.g. a Python repr. */
  static Expr expression(String src, String where) {
    PyParser p = new PyParser(src, where, PyLexer.expression(src, where));
    Expr e = p.testList();
    if (p.peek().kind() != Kind.END) {
      throw p.error("unexpected '" + p.peek().text() + "'");
    }
    return e;
  }

  private Token peek() {
    return t.get(i);
  }

  private Token next() {
    return t.get(i++);
  }

  private boolean accept(String op) {
    if (peek().is(op)) {
      i++;
      return true;
    }
    return false;
  }

  private Token expect(String op) {
    if (!peek().is(op)) {
      throw error("expected '" + op + "', found '" + peek().text() + "'");
    }
    return next();
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException(where + " line " + peek().line() + ": " + what);
  }

  private String source(int fromToken) {
    return src.substring(t.get(fromToken).start(), t.get(i - 1).end());
  }

  // ---- statements

  private Stmt statement() {
    Token first = peek();
    if (first.is("def") || first.is("class")) {
      next();
      String name = next().text();
      skipTo(":");
      return new Def(first.line(), first.text().equals("class"), name, suite());
    }
    if (first.is("if")) {
      next();
      List<Expr> tests = new ArrayList<>();
      List<List<Stmt>> bodies = new ArrayList<>();
      tests.add(test());
      expect(":");
      bodies.add(suite());
      List<Stmt> orelse = List.of();
      while (true) {
        if (accept("elif")) {
          tests.add(test());
          expect(":");
          bodies.add(suite());
        } else if (accept("else")) {
          expect(":");
          orelse = suite();
          break;
        } else {
          break;
        }
      }
      return new If(first.line(), tests, bodies, orelse);
    }
    if (first.kind() == Kind.NAME && List.of("for", "while", "with", "try", "except", "finally", "else", "elif",
        "async").contains(first.text())) {
      int from = i;
      skipTo(":");
      String header = source(from);
      suite();
      return new Opaque(first.line(), header);
    }
    if (first.kind() == Kind.OP && first.text().equals("@")) {
      skipLine();
      return new Opaque(first.line(), "@");
    }
    // a simple statement: up to the end of the logical line (';' not used by the code read here)
    int from = i;
    int end = from;
    while (t.get(end).kind() != Kind.NEWLINE && t.get(end).kind() != Kind.END) {
      end++;
    }
    Stmt s;
    try {
      s = simple(first);
      if (i != end) {
        throw error("unexpected '" + peek().text() + "'");
      }
    } catch (IllegalArgumentException e) {
      i = end;
      s = new Opaque(first.line(), src.substring(first.start(), t.get(Math.max(from, end - 1)).end()));
    }
    i = end;
    if (peek().kind() == Kind.NEWLINE) {
      next();
    }
    return s;
  }

  private Stmt simple(Token first) {
    if (first.is("return")) {
      next();
      Expr value = peek().kind() == Kind.NEWLINE || peek().kind() == Kind.END ? null : testList();
      return new Return(first.line(), value);
    }
    if (first.kind() == Kind.NAME && List.of("pass", "break", "continue", "import", "from", "assert", "global",
        "nonlocal", "del", "raise").contains(first.text())) {
      throw error("not modelled");
    }
    Expr target = testList();
    if (accept("=")) {
      Expr value = testList();
      if (peek().is("=")) {
        throw error("chained assignment");
      }
      return new Assign(first.line(), target, value);
    }
    if (peek().kind() == Kind.OP && peek().text().length() >= 2 && peek().text().endsWith("=")
        && !List.of("==", "!=", "<=", ">=").contains(peek().text())) {
      String op = next().text();
      return new AugAssign(first.line(), target, op.substring(0, op.length() - 1), testList());
    }
    throw error("expression statement");
  }

  private void skipTo(String op) {
    int level = 0;
    while (true) {
      Token tok = next();
      if (tok.kind() == Kind.END) {
        throw error("expected '" + op + "'");
      }
      if (tok.kind() == Kind.OP && "([{".contains(tok.text())) {
        level++;
      } else if (tok.kind() == Kind.OP && ")]}".contains(tok.text())) {
        level--;
      } else if (level == 0 && tok.is(op)) {
        return;
      }
    }
  }

  private void skipLine() {
    while (peek().kind() != Kind.NEWLINE && peek().kind() != Kind.END) {
      next();
    }
    if (peek().kind() == Kind.NEWLINE) {
      next();
    }
  }

  private List<Stmt> suite() {
    List<Stmt> body = new ArrayList<>();
    if (peek().kind() != Kind.NEWLINE) {             // "if x: return y" on one line
      body.add(statement());
      return body;
    }
    next();
    if (peek().kind() != Kind.INDENT) {
      throw error("expected an indented block");
    }
    next();
    while (peek().kind() != Kind.DEDENT && peek().kind() != Kind.END) {
      body.add(statement());
    }
    if (peek().kind() == Kind.DEDENT) {
      next();
    }
    return body;
  }

  // ---- expressions

  private Expr testList() {
    int from = i;
    Expr first = test();
    if (!peek().is(",")) {
      return first;
    }
    List<Expr> items = new ArrayList<>(List.of(first));
    while (accept(",")) {
      if (endsList()) {
        break;
      }
      items.add(test());
    }
    return new TupleLit(source(from), items);
  }

  private boolean endsList() {
    Token p = peek();
    return p.kind() == Kind.NEWLINE || p.kind() == Kind.END || p.is(")") || p.is("]") || p.is("}") || p.is("=")
        || p.is(":") || p.is("in");
  }

  private Expr test() {
    int from = i;
    Expr e = orTest();
    if (accept("if")) {
      Expr cond = orTest();
      expect("else");
      Expr other = test();
      return new Cond(source(from), cond, e, other);
    }
    return e;
  }

  private Expr orTest() {
    return boolChain(false);
  }

  private Expr boolChain(boolean and) {
    int from = i;
    Expr first = and ? notTest() : boolChain(true);
    if (!peek().is(and ? "and" : "or")) {
      return first;
    }
    List<Expr> values = new ArrayList<>(List.of(first));
    while (accept(and ? "and" : "or")) {
      values.add(and ? notTest() : boolChain(true));
    }
    return new BoolOp(source(from), and, values);
  }

  private Expr notTest() {
    int from = i;
    if (accept("not")) {
      Expr v = notTest();
      return new Not(source(from), v);
    }
    return comparison();
  }

  private Expr comparison() {
    int from = i;
    Expr left = arith();
    List<String> ops = new ArrayList<>();
    List<Expr> rights = new ArrayList<>();
    while (true) {
      Token p = peek();
      String op;
      if (p.kind() == Kind.OP && List.of("==", "!=", "<", ">", "<=", ">=").contains(p.text())) {
        op = next().text();
      } else if (p.is("in")) {
        next();
        op = "in";
      } else if (p.is("not") && t.get(i + 1).is("in")) {
        i += 2;
        op = "not in";
      } else if (p.is("is")) {
        next();
        op = accept("not") ? "is not" : "is";
      } else {
        break;
      }
      ops.add(op);
      rights.add(arith());
    }
    return ops.isEmpty() ? left : new Compare(source(from), left, ops, rights);
  }

  private Expr arith() {
    int from = i;
    Expr e = term();
    while (peek().kind() == Kind.OP && (peek().is("+") || peek().is("-"))) {
      String op = next().text();
      Expr r = term();
      e = new BinOp(source(from), op, e, r);
    }
    return e;
  }

  private Expr term() {
    int from = i;
    Expr e = factor();
    while (peek().kind() == Kind.OP && List.of("*", "/", "%", "//").contains(peek().text())) {
      String op = next().text();
      Expr r = factor();
      e = new BinOp(source(from), op, e, r);
    }
    return e;
  }

  private Expr factor() {
    int from = i;
    if (peek().kind() == Kind.OP && (peek().is("-") || peek().is("+"))) {
      String op = next().text();
      Expr v = factor();
      if (v instanceof Num n) {
        return new Num(source(from), op.equals("-") ? -n.value() : n.value());
      }
      return new BinOp(source(from), op, new Num("0", 0), v);
    }
    return power();
  }

  private Expr power() {
    int from = i;
    Expr e = atom();
    while (true) {
      if (accept("(")) {
        List<Expr> args = new ArrayList<>();
        while (!peek().is(")")) {
          if (peek().kind() == Kind.NAME && t.get(i + 1).is("=")) {
            throw error("keyword arguments are not modelled");
          }
          args.add(test());
          if (!accept(",")) {
            break;
          }
        }
        expect(")");
        e = new Call(source(from), e, args);
      } else if (accept("[")) {
        Expr index = subscript();
        expect("]");
        e = new Subscript(source(from), e, index);
      } else if (accept(".")) {
        Token name = next();
        if (name.kind() != Kind.NAME) {
          throw error("expected a name after '.'");
        }
        e = new Attr(source(from), e, name.text());
      } else {
        return e;
      }
    }
  }

  private Expr subscript() {
    int from = i;
    Expr lower = peek().is(":") ? null : test();
    if (!accept(":")) {
      return lower;
    }
    Expr upper = peek().is("]") ? null : test();
    return new Slice(source(from), lower, upper);
  }

  private Expr atom() {
    int from = i;
    Token tok = next();
    switch (tok.kind()) {
      case NAME -> {
        switch (tok.text()) {
          case "True":
            return new Const(tok.text(), true);
          case "False":
            return new Const(tok.text(), false);
          case "None":
            return new Const(tok.text(), null);
          case "lambda", "yield", "await":
            throw error("'" + tok.text() + "' is not modelled");
          default:
            return new Name(tok.text(), tok.text());
        }
      }
      case NUMBER -> {
        if (tok.text().matches("[0-9_]*\\.[0-9_]*([eE][-+]?[0-9_]+)?")) {
          return new Name(tok.text(), tok.text());    // a float is not computed: it stands as a name with no value
        }
        try {
          return new Num(tok.text(), Long.parseLong(tok.text().replace("_", "")));
        } catch (NumberFormatException e) {
          throw error("number " + tok.text() + " is not modelled");
        }
      }
      case STRING -> {
        List<Object> parts = new ArrayList<>();
        addParts(parts, tok);
        while (peek().kind() == Kind.STRING) {     // implicit concatenation
          addParts(parts, next());
        }
        return new Str(source(from), parts);
      }
      case OP -> {
        if (tok.is("(")) {
          if (accept(")")) {
            return new TupleLit(source(from), List.of());
          }
          Expr e = testList();
          expect(")");
          return e;
        }
        if (tok.is("[")) {
          List<Expr> items = new ArrayList<>();
          if (accept("]")) {
            return new ListLit(source(from), items);
          }
          Expr first = test();
          if (accept("for")) {
            Expr target = targetList();
            expect("in");
            Expr iter = orTest();
            if (peek().is("if") || peek().is("for")) {
              throw error("comprehension conditions are not modelled");
            }
            expect("]");
            return new ListComp(source(from), first, target, iter);
          }
          items.add(first);
          while (accept(",")) {
            if (peek().is("]")) {
              break;
            }
            items.add(test());
          }
          expect("]");
          return new ListLit(source(from), items);
        }
        if (tok.is("{")) {
          List<Expr> keys = new ArrayList<>();
          List<Expr> values = new ArrayList<>();
          while (!peek().is("}")) {
            keys.add(test());
            expect(":");
            values.add(test());
            if (!accept(",")) {
              break;
            }
          }
          expect("}");
          return new DictLit(source(from), keys, values);
        }
        throw error("unexpected '" + tok.text() + "'");
      }
      default -> throw error("unexpected end of line");
    }
  }

  // "i, line" or "(i, line), line_ex" in a comprehension
  private Expr targetList() {
    int from = i;
    List<Expr> items = new ArrayList<>();
    do {
      if (accept("(")) {
        Expr inner = targetList();
        expect(")");
        items.add(inner);
      } else {
        Token n = next();
        if (n.kind() != Kind.NAME) {
          throw error("expected a name in a comprehension target");
        }
        items.add(new Name(n.text(), n.text()));
      }
    } while (accept(","));
    return items.size() == 1 ? items.get(0) : new TupleLit(source(from), items);
  }

  private void addParts(List<Object> parts, Token tok) {
    for (PyLexer.Part p : tok.parts()) {
      if (p.expression()) {
        parts.add(PyParser.expression(p.text(), where + " line " + tok.line() + " f-string"));
      } else {
        parts.add(p.text());
      }
    }
  }
}
