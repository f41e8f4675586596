package io.clarq.datasets.clarqllm.reference;

import io.clarq.datasets.clarqllm.reference.PyAst.Assign;
import io.clarq.datasets.clarqllm.reference.PyAst.Attr;
import io.clarq.datasets.clarqllm.reference.PyAst.AugAssign;
import io.clarq.datasets.clarqllm.reference.PyAst.BinOp;
import io.clarq.datasets.clarqllm.reference.PyAst.BoolOp;
import io.clarq.datasets.clarqllm.reference.PyAst.Call;
import io.clarq.datasets.clarqllm.reference.PyAst.Compare;
import io.clarq.datasets.clarqllm.reference.PyAst.Cond;
import io.clarq.datasets.clarqllm.reference.PyAst.Const;
import io.clarq.datasets.clarqllm.reference.PyAst.Expr;
import io.clarq.datasets.clarqllm.reference.PyAst.If;
import io.clarq.datasets.clarqllm.reference.PyAst.ListComp;
import io.clarq.datasets.clarqllm.reference.PyAst.ListLit;
import io.clarq.datasets.clarqllm.reference.PyAst.Name;
import io.clarq.datasets.clarqllm.reference.PyAst.Not;
import io.clarq.datasets.clarqllm.reference.PyAst.Num;
import io.clarq.datasets.clarqllm.reference.PyAst.Return;
import io.clarq.datasets.clarqllm.reference.PyAst.Stmt;
import io.clarq.datasets.clarqllm.reference.PyAst.Str;
import io.clarq.datasets.clarqllm.reference.PyAst.Subscript;
import io.clarq.datasets.clarqllm.reference.PyAst.TupleLit;
import io.clarq.datasets.clarqllm.reference.PyValue.Bool;
import io.clarq.datasets.clarqllm.reference.PyValue.Dict;
import io.clarq.datasets.clarqllm.reference.PyValue.Index;
import io.clarq.datasets.clarqllm.reference.PyValue.Indexed;
import io.clarq.datasets.clarqllm.reference.PyValue.Int;
import io.clarq.datasets.clarqllm.reference.PyValue.Items;
import io.clarq.datasets.clarqllm.reference.PyValue.None;
import io.clarq.datasets.clarqllm.reference.PyValue.Sym;
import io.clarq.datasets.clarqllm.reference.PyValue.Text;
import io.clarq.datasets.clarqllm.reference.PyValue.Tuple;
import io.clarq.datasets.clarqllm.reference.PyValue.Unknown;
import io.clarq.datasets.clarqllm.reference.PyValue.Val;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs one Python function of the reference code on symbolic inputs and returns the string it builds, with each
 * input standing as a named placeholder ({@code {role}}): string literals, f-strings, {@code +}, {@code str.format},
 * {@code str.join}, subscripts and list comprehensions are computed; which branch an {@code if} takes is given by
 * the caller per condition (by its exact source text). Statements it cannot compute (loops, calls to the model) are
 * skipped; a value that depended on them is unknown, and reading it is an error naming the line.
 */
final class PyTemplateEval {
  /** A function the caller defines (an identity helper, a call whose result stands for an input). */
  interface Fn {
    Val call(List<Val> args);
  }

  /** How to run one function: inputs, condition values, helper functions, and names whose assignments are ignored. */
  record Setup(Map<String, Val> bindings, Map<String, Boolean> conditions, Map<String, Fn> functions,
      Set<String> pinned) {}

  private static final class Stop extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final Val value;
    final String unknownCondition;

    Stop(Val value, String unknownCondition) {
      super(null, null, false, false);
      this.value = value;
      this.unknownCondition = unknownCondition;
    }
  }

  private final String where;
  private final Setup setup;
  private final Map<String, Val> env = new HashMap<>();

  private PyTemplateEval(String where, Setup setup) {
    this.where = where;
    this.setup = setup;
    env.putAll(setup.bindings());
  }

  /**
   * Runs {@code function} ("Class.method" or "function") of {@code module}; returns its return value when
   * {@code variable} is null, else the value of {@code variable} where the run stopped (a return, or an {@code if}
   * whose condition is not known).
   */
  static Val run(List<Stmt> module, String file, String function, String variable, Setup setup) {
    List<Stmt> body = PyAst.body(module, function, file);
    PyTemplateEval e = new PyTemplateEval(file + " " + function, setup);
    Val returned = null;
    String stoppedAt = null;
    try {
      e.exec(body);
    } catch (Stop s) {
      returned = s.value;
      stoppedAt = s.unknownCondition;
    }
    String why = stoppedAt == null ? "" : " (stopped at the condition " + stoppedAt + ", whose value is not known)";
    if (variable == null) {
      if (returned == null) {
        throw new IllegalArgumentException(e.where + ": no return value reached" + why);
      }
      return returned;
    }
    Val v = e.env.get(variable);
    if (v == null) {
      throw new IllegalArgumentException(e.where + ": " + variable + " is never assigned on the path taken" + why);
    }
    return v;
  }

  private void exec(List<Stmt> body) {
    for (Stmt s : body) {
      if (s instanceof Assign a) {
        assign(a.target(), a.line(), () -> eval(a.value()));
      } else if (s instanceof AugAssign a) {
        assign(a.target(), a.line(), () -> binary(a.op(), eval(a.target()), eval(a.value()), a.target().src()));
      } else if (s instanceof Return r) {
        throw new Stop(r.value() == null ? new None() : tryEval(r.value()), null);
      } else if (s instanceof If f) {
        {
          boolean taken = false;
          for (int k = 0; k < f.tests().size() && !taken; k++) {
            Boolean c = condition(f.tests().get(k));
            if (c == null) {
              throw new Stop(null, f.tests().get(k).src()); // the branch is not known: stop here
            }
            if (c) {
              exec(f.bodies().get(k));
              taken = true;
            }
          }
          if (!taken) {
            exec(f.orelse());
          }
        }
      }
      // anything else (def, loops, calls to the model) is not part of a template
    }
  }

  private void assign(Expr target, int line, java.util.function.Supplier<Val> value) {
    String key = target instanceof Name n ? n.id()
        : target instanceof Subscript || target instanceof Attr ? target.src()
        : null;                                        // tuple targets: results of model calls
    if (key == null || setup.pinned().contains(key)) {
      return;
    }
    Val v;
    try {
      v = value.get();
    } catch (EvalError e) {
      v = new Unknown(e.getMessage());
    }
    env.put(key, v);
  }

  private Val tryEval(Expr e) {
    try {
      return eval(e);
    } catch (EvalError x) {
      return new Unknown(x.getMessage());
    }
  }

  /** A value that cannot be computed here. */
  static final class EvalError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    EvalError(String message) {
      super(message);
    }
  }

  EvalError error(Expr e, String what) {
    return new EvalError(where + ": " + e.src() + ": " + what);
  }

  // true / false, or null when the condition is not known
  private Boolean condition(Expr e) {
    Boolean given = setup.conditions().get(e.src());
    if (given != null) {
      return given;
    }
    if (e instanceof BoolOp b) {
      for (Expr v : b.values()) {
        Boolean c = condition(v);
        if (c == null) {
          return null;
        }
        if (c != b.and()) {
          return c;
        }
      }
      return b.and();
    }
    if (e instanceof Not n) {
      Boolean c = condition(n.value());
      return c == null ? null : !c;
    }
    try {
      return truth(eval(e), e);
    } catch (EvalError x) {
      return null;
    }
  }

  private Boolean truth(Val v, Expr e) {
    if (v instanceof None) {
      return false;
    } else if (v instanceof Bool b) {
      return b.value();
    } else if (v instanceof Int i) {
      return i.value() != 0;
    } else if (v instanceof Text t) {
      return !t.literal() || !t.text().isEmpty();
    } else if (v instanceof Items l) {
      return !l.items().isEmpty();
    } else if (v instanceof Unknown u) {
      throw error(e, "not known (" + u.why() + ")");
    }
    throw error(e, "truth value not known");
  }

  private Val eval(Expr e) {
    if (e instanceof Str s) {
      return string(s);
    } else if (e instanceof Num n) {
      return new Int(n.value());
    } else if (e instanceof Const c) {
      return c.value() == null ? new None() : new Bool(c.value());
    } else if (e instanceof Name n) {
      return lookup(n.id(), e);
    } else if (e instanceof Attr a) {
      return lookup(a.src(), e);
    } else if (e instanceof BinOp b) {
      return binary(b.op(), eval(b.left()), eval(b.right()), b.src());
    } else if (e instanceof ListLit l) {
      List<Val> items = new ArrayList<>();
      l.items().forEach(x -> items.add(eval(x)));
      return new Items(items);
    } else if (e instanceof Cond c) {
      Boolean test = condition(c.test());
      if (test == null) {
        throw error(c.test(), "condition not known");
      }
      return eval(test ? c.then() : c.otherwise());
    } else if (e instanceof Subscript s) {
      return subscript(s);
    } else if (e instanceof Call c) {
      return call(c);
    } else if (e instanceof ListComp c) {
      return comprehension(c);
    } else if (e instanceof Compare c) {
      Boolean b = setup.conditions().get(c.src());
      if (b == null) {
        throw error(e, "comparison not known");
      }
      return new Bool(b);
    }
    throw error(e, "not computed here");
  }

  private Val lookup(String key, Expr e) {
    Val v = env.get(key);
    if (v == null) {
      throw error(e, "no value");
    }
    if (v instanceof Unknown u) {
      throw error(e, "not known (" + u.why() + ")");
    }
    return v;
  }

  private Val string(Str s) {
    StringBuilder sb = new StringBuilder();
    boolean literal = true;
    for (Object part : s.parts()) {
      if (part instanceof String text) {
        sb.append(text);
      } else {
        Text t = text(eval((Expr) part), (Expr) part);
        sb.append(t.text());
        literal &= t.literal();
      }
    }
    return new Text(sb.toString(), literal);
  }

  Text text(Val v, Expr e) {
    if (v instanceof Text t) {
      return t;
    }
    throw error(e, "is not a string here (" + v + ")");
  }

  private Val binary(String op, Val l, Val r, String src) {
    if (op.equals("+") && l instanceof Text a && r instanceof Text b) {
      return new Text(a.text() + b.text(), a.literal() && b.literal());
    }
    if (op.equals("+") && l instanceof Index && r instanceof Int one && one.value() == 1) {
      return new Text("{index}", false);
    }
    if (op.equals("+") && l instanceof Int a && r instanceof Int b) {
      return new Int(a.value() + b.value());
    }
    throw new EvalError(where + ": " + src + ": '" + op + "' of " + l + " and " + r + " not computed here");
  }

  private Val subscript(Subscript s) {
    Val v = eval(s.value());
    if (s.index() instanceof PyAst.Slice) {
      throw error(s, "slices are not computed here");
    }
    if (v instanceof Dict d) {
      return new Text("{" + d.value() + "}", false);
    }
    Val index = eval(s.index());
    if (v instanceof Sym sym && index instanceof Int i && i.value() == -1 && sym.last() != null) {
      return new Text("{" + sym.last() + "}", false);
    }
    if (v instanceof Sym sym && index instanceof Int i && i.value() == 0 && sym.element() != null) {
      return sym.element();
    }
    if (v instanceof Indexed ix && index instanceof Int i && ix.items().containsKey(i.value())) {
      return ix.items().get(i.value());
    }
    if (v instanceof Items l && index instanceof Int i && i.value() >= 0 && i.value() < l.items().size()) {
      return l.items().get((int) i.value());
    }
    throw error(s, "subscript not computed here");
  }

  private Val call(Call c) {
    if (c.func() instanceof Attr a && (a.name().equals("format") || a.name().equals("join"))) {
      Val receiver = eval(a.value());
      if (!(receiver instanceof Text t)) {
        throw error(c, "receiver is not a string");
      }
      List<Val> args = new ArrayList<>();
      c.args().forEach(x -> args.add(eval(x)));
      return a.name().equals("format") ? PyStrMethods.format(this, t, args, c)
          : PyStrMethods.join(this, t, args, c);
    }
    Fn fn = setup.functions().get(c.func().src());
    if (fn == null) {
      throw error(c, "call not computed here");
    }
    List<Val> args = new ArrayList<>();
    c.args().forEach(x -> args.add(eval(x)));
    return fn.call(args);
  }

  // [element for target in iter] over an input list: a list standing for that input, joined as the input is
  private Val comprehension(ListComp c) {
    Val[] joinHolder = new Val[1];
    Val item = elementOf(c.iter(), joinHolder);
    bind(c.target(), item, c);
    Val element = eval(c.element());
    Sym source = (Sym) joinHolder[0];
    return new Sym(element, source.join(), null);
  }

  private Val elementOf(Expr iter, Val[] first) {
    if (iter instanceof Call call && call.func() instanceof Name n && n.id().equals("enumerate")
        && call.args().size() == 1) {
      return new Tuple(List.of(new Index(), elementOf(call.args().get(0), first)));
    }
    if (iter instanceof Call call && call.func() instanceof Name n && n.id().equals("zip")) {
      List<Val> items = new ArrayList<>();
      for (Expr a : call.args()) {
        items.add(elementOf(a, first));
      }
      return new Tuple(items);
    }
    Val v = eval(iter);
    if (v instanceof Sym s && s.element() != null) {
      if (first[0] == null) {
        first[0] = s;
      }
      return s.element();
    }
    throw error(iter, "iteration not computed here");
  }

  private void bind(Expr target, Val v, Expr where) {
    if (target instanceof Name n) {
      env.put(n.id(), v);
      return;
    }
    if (target instanceof TupleLit t && v instanceof Tuple tv && t.items().size() == tv.items().size()) {
      for (int k = 0; k < t.items().size(); k++) {
        bind(t.items().get(k), tv.items().get(k), where);
      }
      return;
    }
    throw error(where, "comprehension target not bound");
  }
}
