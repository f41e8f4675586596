package io.clarq.datasets.clarqllm.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.datasets.clarqllm.reference.PyTemplateEval.Setup;
import io.clarq.datasets.clarqllm.reference.PyValue.Sym;
import io.clarq.datasets.clarqllm.reference.PyValue.Text;
import io.clarq.datasets.clarqllm.reference.PyValue.Val;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The Python reader on made-up builders: literal syntax, f-strings, format, join, branches, comprehensions. */
class PyTemplateEvalTest {
  private static final String SOURCE = String.join("\n",
      "import os",
      "class Maker(object):",
      "    def build(self, lines, who):",
      "        # a comment",
      "        if self.loud:",
      "            head = 'A\\tb\\n' \"c'd\" '''e",
      "f''' + r'\\n'",
      "        else:",
      "            head = \"x{{y}}{0}\".format(who) + f'{{z}} {who}!'",
      "        items = [f'{i+1}) {line}' for i, line in enumerate(lines)]",
      "        for k in range(3):",
      "            print(k)",
      "        body = '\\n'.join([head, '\\n'.join(items), lines[-1]])",
      "        return body",
      "");

  private static Val run(String variable, boolean loud) {
    Setup setup = new Setup(Map.of("who", new Text("{name}", false),
        "lines", new Sym(new Text("{line}", false), "items", "last")),
        Map.of("self.loud", loud), Map.of(), Set.of());
    return PyTemplateEval.run(PyParser.module(SOURCE, "maker.py"), "maker.py", "Maker.build", variable, setup);
  }

  @Test
  void testLiteralSyntaxAndConcatenation() {
    assertThat(run("head", true)).isEqualTo(new Text("A\tb\nc'de\nf\\n", true));
    assertThat(run(null, true)).isEqualTo(new Text("A\tb\nc'de\nf\\n\n{items}\n{last}", false));
  }

  @Test
  void testFormatFStringsAndComprehensions() {
    assertThat(run("head", false)).isEqualTo(new Text("x{y}{name}{z} {name}!", false));
    assertThat(run("items", false)).isEqualTo(new Sym(new Text("{index}) {line}", false), "items", null));
  }

  @Test
  void testAnUnknownBranchOrFunctionIsAnErrorNamingIt() {
    Setup noBranch = new Setup(Map.of(), Map.of(), Map.of(), Set.of());
    assertThatThrownBy(() -> PyTemplateEval.run(PyParser.module(SOURCE, "maker.py"), "maker.py", "Maker.build",
        null, noBranch)).hasMessageContaining("self.loud");
    assertThatThrownBy(() -> PyTemplateEval.run(PyParser.module(SOURCE, "maker.py"), "maker.py", "Maker.other",
        null, noBranch)).hasMessageContaining("no Maker.other");
    assertThatThrownBy(() -> PyParser.module("x = 'open\n", "bad.py")).hasMessageContaining("bad.py line 1")
        .hasMessageContaining("unterminated string literal");
  }

  @Test
  void testAReprReadsAsOneMessage() {
    PyAst.Expr e = PyParser.expression("[{'role': 'user', 'content': \"it's \\\\ a\\n\\u00e9\"}]", "repr");
    assertThat(e).isInstanceOf(PyAst.ListLit.class);
    PyAst.DictLit d = (PyAst.DictLit) ((PyAst.ListLit) e).items().get(0);
    assertThat(((PyAst.Str) d.values().get(1)).parts()).isEqualTo(List.of("it's \\ a\n\u00e9"));
  }
}
