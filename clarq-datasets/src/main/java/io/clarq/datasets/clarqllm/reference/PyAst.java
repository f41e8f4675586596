package io.clarq.datasets.clarqllm.reference;

import java.util.List;

/**
 * The syntax tree {@link PyParser} builds from the part of Python the reference code's prompt builders are written in:
 * expressions (each with its exact source text) and statements (each with its line).
 */
final class PyAst {
  private PyAst() {}

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

  /**
   * The body of the definition {@code function} (dotted: {@code Class.method}) in {@code module}.
   *
   * @throws IllegalArgumentException naming {@code where} and the first missing part when there is no such definition
   */
  static List<Stmt> body(List<Stmt> module, String function, String where) {
    return body(module, function.split("\\."), 0, where, function);
  }

  private static List<Stmt> body(List<Stmt> stmts, String[] path, int depth, String where, String function) {
    for (Stmt s : stmts) {
      if (s instanceof Def d && d.name().equals(path[depth])) {
        return depth == path.length - 1 ? d.body() : body(d.body(), path, depth + 1, where, function);
      }
    }
    throw new IllegalArgumentException(where + ": no " + String.join(".", java.util.Arrays.copyOf(path, depth + 1))
        + " (looking for " + function + "): the file is not the pinned reference code");
  }
}
