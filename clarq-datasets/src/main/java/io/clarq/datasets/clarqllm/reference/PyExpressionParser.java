package io.clarq.datasets.clarqllm.reference;

import io.clarq.datasets.clarqllm.reference.PyAst.Attr;
import io.clarq.datasets.clarqllm.reference.PyAst.BinOp;
import io.clarq.datasets.clarqllm.reference.PyAst.BoolOp;
import io.clarq.datasets.clarqllm.reference.PyAst.Call;
import io.clarq.datasets.clarqllm.reference.PyAst.Compare;
import io.clarq.datasets.clarqllm.reference.PyAst.Cond;
import io.clarq.datasets.clarqllm.reference.PyAst.Const;
import io.clarq.datasets.clarqllm.reference.PyAst.DictLit;
import io.clarq.datasets.clarqllm.reference.PyAst.Expr;
import io.clarq.datasets.clarqllm.reference.PyAst.ListComp;
import io.clarq.datasets.clarqllm.reference.PyAst.ListLit;
import io.clarq.datasets.clarqllm.reference.PyAst.Name;
import io.clarq.datasets.clarqllm.reference.PyAst.Not;
import io.clarq.datasets.clarqllm.reference.PyAst.Num;
import io.clarq.datasets.clarqllm.reference.PyAst.Slice;
import io.clarq.datasets.clarqllm.reference.PyAst.Str;
import io.clarq.datasets.clarqllm.reference.PyAst.Subscript;
import io.clarq.datasets.clarqllm.reference.PyAst.TupleLit;
import io.clarq.datasets.clarqllm.reference.PyLexer.Kind;
import io.clarq.datasets.clarqllm.reference.PyLexer.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the tokens of {@link PyLexer} into expressions ({@link PyAst}): string literals, f-strings, {@code +}, calls,
 * attributes, subscripts, comparisons, boolean operators, conditional expressions, lists, tuples, dicts and list
 * comprehensions; the token cursor {@link PyParser} reads statements with.
 */
class PyExpressionParser {
  final String src;
  final String where;
  final List<Token> t;
  int i;

  PyExpressionParser(String src, String where, List<Token> tokens) {
    this.src = src;
    this.where = where;
    this.t = tokens;
  }

  /** One expression, e.g. a Python repr. */
  static Expr expression(String src, String where) {
    PyExpressionParser p = new PyExpressionParser(src, where, PyLexer.expression(src, where));
    Expr e = p.testList();
    if (p.peek().kind() != Kind.END) {
      throw p.error("unexpected '" + p.peek().text() + "'");
    }
    return e;
  }

  Token peek() {
    return t.get(i);
  }

  Token next() {
    return t.get(i++);
  }

  boolean accept(String op) {
    if (peek().is(op)) {
      i++;
      return true;
    }
    return false;
  }

  Token expect(String op) {
    if (!peek().is(op)) {
      throw error("expected '" + op + "', found '" + peek().text() + "'");
    }
    return next();
  }

  IllegalArgumentException error(String what) {
    return new IllegalArgumentException(where + " line " + peek().line() + ": " + what);
  }

  String source(int fromToken) {
    return src.substring(t.get(fromToken).start(), t.get(i - 1).end());
  }

  // ---- expressions

  Expr testList() {
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

  Expr test() {
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
  Expr targetList() {
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
        parts.add(expression(p.text(), where + " line " + tok.line() + " f-string"));
      } else {
        parts.add(p.text());
      }
    }
  }
}
