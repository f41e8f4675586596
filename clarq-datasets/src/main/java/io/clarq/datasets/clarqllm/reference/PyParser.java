package io.clarq.datasets.clarqllm.reference;

import io.clarq.datasets.clarqllm.reference.PyAst.Assign;
import io.clarq.datasets.clarqllm.reference.PyAst.AugAssign;
import io.clarq.datasets.clarqllm.reference.PyAst.Def;
import io.clarq.datasets.clarqllm.reference.PyAst.Expr;
import io.clarq.datasets.clarqllm.reference.PyAst.If;
import io.clarq.datasets.clarqllm.reference.PyAst.Opaque;
import io.clarq.datasets.clarqllm.reference.PyAst.Return;
import io.clarq.datasets.clarqllm.reference.PyAst.Stmt;
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
final class PyParser extends PyExpressionParser {
  private PyParser(String src, String where, List<Token> tokens) {
    super(src, where, tokens);
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
}
