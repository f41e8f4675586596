package io.clarq.eval.report;

import io.clarq.core.files.AtomicFiles;
import io.clarq.core.llm.Deviation;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The page kit every clarq report page is built from (the ClarQ-LLM {@code report.html}, the TOA and CQ pages): one
 * self-contained HTML document with no external script, style, font or image and a content security policy that
 * forbids fetching any; one style; sections with ids; inline SVG charts ({@link Charts}); the settings table; the
 * deviations note; and a filter over a list of items in plain JavaScript. Every piece of data or model text goes in
 * through jsoup text nodes, so it is escaped.
 *
 * <pre>{@code
 * Document doc = HtmlPage.shell("TOA report: dev53");
 * Element s = HtmlPage.section(doc.body(), "recovery", "Recovery");
 * HtmlPage.chart(s, Charts.dotPlot(...));
 * HtmlPage.write(dir.resolve("report.html"), doc);
 * }</pre>
 *
 * <p>The filter: {@link #filter} adds a form of selects and a text box over the items a CSS selector names; each item
 * carries {@code data-KEY} attributes for the selects' keys. Choosing a value hides the items whose attribute differs;
 * the text box hides those whose text does not contain it (case ignored). The page's address may carry the choice
 * after {@code #}, e.g. {@code report.html#status=failure&type=3&q=goodbye}; a link to such an address sets the
 * filter.
 */
public final class HtmlPage {
  private static final String STYLE = String.join("\n",
      "body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;padding:0 1em;color:#222;"
          + "line-height:1.4}",
      "table{border-collapse:collapse;margin:.5em 0 1.5em}th,td{border:1px solid #ccc;padding:3px 8px;"
          + "text-align:right;vertical-align:top}th{background:#f3f3f3}td.text,th.text{text-align:left}",
      ".ci,td.nowrap,th.nowrap{white-space:nowrap}",
      "table.headline{font-size:92%}table.wide{width:100%;font-size:90%}table.wide td.id{word-break:break-all;max-width:8em}",
      ".note{color:#8a4b00}.muted{color:#777}.chart{margin:1em 0;overflow-x:auto}",
      "ul.deviations{color:#8a4b00;margin-top:0}",
      "details.dialogue{border:1px solid #ddd;border-radius:4px;margin:.4em 0;padding:.3em .6em}",
      "details.dialogue summary{cursor:pointer}.chat{list-style:none;padding:0}",
      ".chat li{margin:.25em 0;padding:.3em .6em;border-radius:6px;max-width:85%;white-space:pre-wrap}",
      ".chat li.provider{background:#eef3fb}.chat li.seeker{background:#f1f8ee;margin-left:15%}",
      ".who{font-weight:bold;margin-right:.5em}.gives{display:block;font-size:85%;color:#1f5f1f}",
      ".outcome-success{color:#1f6f1f}.outcome-failure{color:#a01818}.outcome-unjudged{color:#8a4b00}",
      ".up{color:#1f6f1f}.down{color:#a01818}.flat{color:#555}",
      "form.filter{position:sticky;top:0;z-index:1;background:#fafafa;border:1px solid #ddd;border-radius:4px;"
          + "padding:.4em .6em;margin:.5em 0;display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:center}",
      "form.filter label{white-space:nowrap}form.filter input[type=search]{width:16em}",
      ".filter-count{font-weight:bold;margin-left:auto}");
  // counts the charts the browser laid out with a non-empty box, and the tables cut off at the window's width (past
  // the window's right edge, or wider than the box they scroll in); a headless browser test reads the attributes
  private static final String RENDER_CHECK = "window.addEventListener('load',function(){var n=0;"
      + "document.querySelectorAll('div.chart svg').forEach(function(s){var b=s.getBBox();"
      + "if(b.width>0&&b.height>0){n++;}});document.body.setAttribute('data-charts-rendered',n);"
      + "var cut=0,w=document.documentElement.clientWidth;document.querySelectorAll('table').forEach(function(t){"
      + "var p=t.parentElement;if(t.getBoundingClientRect().right>w+1||p.scrollWidth>p.clientWidth+1){cut++;}});"
      + "document.body.setAttribute('data-tables-cut',cut);});";
  // the filter of every form.filter: selects match data-NAME exactly ("" = any), the search box any text; the
  // address after # (name=value&...) sets the controls on load and whenever it changes
  private static final String FILTER = String.join("",
      "document.querySelectorAll('form.filter').forEach(function(f){",
      "var items=Array.prototype.slice.call(document.querySelectorAll(f.getAttribute('data-items')));",
      "var count=f.querySelector('.filter-count');",
      "function apply(){var q=f.querySelector('input[type=search]').value.trim().toLowerCase();var shown=0;",
      "var sels=Array.prototype.slice.call(f.querySelectorAll('select'));",
      "items.forEach(function(it){var ok=sels.every(function(s){",
      "return s.value===''||it.getAttribute('data-'+s.name)===s.value;});",
      "if(ok&&q!==''&&it.textContent.toLowerCase().indexOf(q)<0){ok=false;}",
      "it.hidden=!ok;if(ok){shown++;}});",
      "count.textContent=shown+' of '+items.length+' shown';f.setAttribute('data-shown',shown);}",
      "function fromAddress(){var h=decodeURIComponent(location.hash.slice(1));if(h.indexOf('=')<0){return false;}",
      "var p=new URLSearchParams(h);f.querySelectorAll('select,input[type=search]').forEach(function(c){",
      "c.value=p.has(c.name)?p.get(c.name):'';if(c.tagName==='SELECT'&&c.selectedIndex<0){c.value='';}});",
      "apply();return true;}",
      "f.addEventListener('input',apply);f.addEventListener('change',apply);",
      "f.addEventListener('submit',function(e){e.preventDefault();});",
      "window.addEventListener('hashchange',function(){if(fromAddress()){f.scrollIntoView();}});",
      "if(!fromAddress()){apply();}});");

  /**
   * One select of a {@link #filter}.
   *
   * @param key the select's name and the items' attribute ({@code data-KEY}); lower case letters, digits, '-'
   * @param label what the select is called on the page
   * @param options value to label, in the order shown; an "any" choice comes first by itself
   */
  public record Choice(String key, String label, Map<String, String> options) {
    public Choice {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(label, "label");
      if (!key.matches("[a-z][a-z0-9-]*") || key.equals("q")) {
        throw new IllegalArgumentException("illegal filter key \"" + key + "\": lower case letters, digits, '-'"
            + " (\"q\" is the text box)");
      }
      options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }
  }

  private HtmlPage() {}

  /** A new page: charset, content security policy, title, style, and {@code title} as its heading. */
  public static Document shell(String title) {
    Document doc = Document.createShell("");
    doc.outputSettings().prettyPrint(false);
    Element head = doc.head();
    head.appendElement("meta").attr("charset", "utf-8");
    head.appendElement("meta").attr("name", "viewport").attr("content", "width=device-width, initial-scale=1");
    head.appendElement("meta").attr("http-equiv", "Content-Security-Policy").attr("content",
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:");
    head.appendElement("title").text("clarq " + title);
    head.appendElement("style").appendChild(new DataNode(STYLE));
    doc.body().appendElement("h1").text(title);
    return doc;
  }

  /** A {@code <section id=ID>} with an {@code <h2>} title, appended to {@code parent}. */
  public static Element section(Element parent, String id, String title) {
    Element s = parent.appendElement("section").id(id);
    s.appendElement("h2").text(title);
    return s;
  }

  /** An inline SVG chart ({@link Charts}) in a {@code div.chart}. */
  public static void chart(Element parent, String svg) {
    parent.appendElement("div").addClass("chart").appendChild(new DataNode(svg));
  }

  /** The run's settings as a two-column {@code table.settings}; nothing when there are none. */
  public static void settings(Element parent, Map<String, String> settings) {
    if (settings.isEmpty()) {
      return;
    }
    Element t = parent.appendElement("table").addClass("settings");
    settings.forEach((k, v) -> {
      Element r = t.appendElement("tr");
      r.appendElement("th").addClass("text").text(k);
      r.appendElement("td").addClass("text").text(v);
    });
  }

  /**
   * The deviations from the reference protocol ({@link Deviation}) as a note and a {@code ul.deviations}, one item
   * per deviation ({@code model: name (reason)}); nothing when there are none.
   */
  public static void deviations(Element parent, List<Deviation> deviations) {
    if (deviations.isEmpty()) {
      return;
    }
    parent.appendElement("p").addClass("note").addClass("deviations-note").text("Not comparable with the paper's"
        + " tables: this run departed from the reference protocol " + (deviations.size() == 1 ? "once" : deviations.size()
        + " times") + ":");
    Element ul = parent.appendElement("ul").addClass("deviations");
    deviations.forEach(d -> ul.appendElement("li").text(d.toString()));
  }

  /**
   * A filter form over the elements {@code itemsSelector} names (e.g. {@code "details.dialogue"}): one select per
   * choice, a text box, and a count of the items shown. The form is {@code form.filter}; it works once the page is
   * finished by {@link #html}.
   */
  public static Element filter(Element parent, String itemsSelector, List<Choice> choices) {
    Element form = parent.appendElement("form").addClass("filter").attr("data-items", itemsSelector)
        .attr("role", "search");
    for (Choice c : choices) {
      Element label = form.appendElement("label").text(c.label() + " ");
      Element select = label.appendElement("select").attr("name", c.key());
      select.appendElement("option").attr("value", "").text("any");
      c.options().forEach((value, text) -> select.appendElement("option").attr("value", value).text(text));
    }
    form.appendElement("label").text("text ").appendElement("input").attr("type", "search").attr("name", "q")
        .attr("placeholder", "words in the item");
    form.appendElement("span").addClass("filter-count");
    return form;
  }

  /** The finished page as HTML text: the scripts (chart check, and the filter when the page has one) go last. */
  public static String html(Document doc) {
    Element body = doc.body();
    String script = RENDER_CHECK + (doc.select("form.filter").isEmpty() ? "" : FILTER);
    body.appendElement("script").appendChild(new DataNode(script));
    return "<!DOCTYPE html>\n" + doc.html() + "\n";
  }

  /** Writes the finished page to {@code file}, whole or not at all. */
  public static void write(Path file, Document doc) {
    String html = html(doc);
    AtomicFiles.write(file, out -> out.write(html));
  }
}
