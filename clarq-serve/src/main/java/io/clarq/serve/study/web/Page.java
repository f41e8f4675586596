package io.clarq.serve.study.web;

import static io.clarq.serve.web.Html.escape;

/**
 * The frame of every study page: a title, the style sheet, the body. No script at all: time per turn is measured on
 * the server (the page carries the time it was shown), so the pages can be served with a policy that forbids scripts.
 */
final class Page {
  /** The Content-Security-Policy of every study page: no script, no plug-in, forms post to this server only. */
  static final String POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self';"
      + " base-uri 'none'; frame-ancestors 'none'";

  private static final String STYLE = """
      body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f5f6f8;color:#1d2330}
      header{background:#1d3557;color:#fff;padding:12px 24px}header h1{font-size:20px;margin:0}
      header .sub{font-size:13px;opacity:.85}
      main{max-width:1180px;margin:0 auto;padding:20px 24px}
      .cols{display:grid;grid-template-columns:340px 1fr;gap:20px;align-items:start}
      .card{background:#fff;border:1px solid #d8dde6;border-radius:8px;padding:16px 18px;margin-bottom:16px}
      .card h2{font-size:16px;margin:0 0 8px}.card h3{font-size:14px;margin:12px 0 4px;color:#46506a}
      .card ul{margin:0;padding-left:20px}.muted{color:#5b6478;font-size:13px}
      .chat{display:flex;flex-direction:column-reverse;gap:10px;height:440px;overflow-y:auto;padding:4px}
      .line{max-width:80%;padding:9px 13px;border-radius:12px;white-space:pre-wrap;word-wrap:break-word}
      .provider{background:#eef2f8;align-self:flex-start}.seeker{background:#d9f2e3;align-self:flex-end}
      .who{font-size:11px;color:#5b6478;margin-bottom:2px}
      textarea{width:100%;box-sizing:border-box;min-height:60px;margin-top:10px;font:inherit;padding:8px;border:1px solid #b9c1d0;
      border-radius:6px}
      button,.button{background:#1d3557;color:#fff;border:0;border-radius:6px;padding:8px 16px;font:inherit;
      cursor:pointer;text-decoration:none;display:inline-block}
      button.secondary{background:#6c757d}.row{display:flex;gap:10px;align-items:center;margin-top:8px}
      .error{background:#fde8e8;border:1px solid #e5a3a3;color:#8a1c1c;padding:8px 12px;border-radius:6px}
      .done{background:#e6f4ea;border:1px solid #a8d5b5;padding:8px 12px;border-radius:6px}
      table{border-collapse:collapse;width:100%;font-size:14px}th,td{border-bottom:1px solid #e1e5ec;padding:6px 8px;
      text-align:left;vertical-align:top}th{background:#f0f2f6}
      td.link{font-family:ui-monospace,monospace;font-size:12px;word-break:break-all}
      fieldset{border:1px solid #d8dde6;border-radius:6px;margin:10px 0}legend{font-weight:600}
      label.grade{margin-right:18px}.quote{background:#f7f8fa;border-left:3px solid #1d3557;padding:8px 12px;
      margin:6px 0 10px;white-space:pre-wrap}
      """;

  private Page() {}

  /** A whole page; {@code title} and {@code subtitle} are escaped here, {@code body} must be escaped already. */
  static String of(String title, String subtitle, String body) {
    return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" + escape(title)
        + "</title><style>" + STYLE + "</style></head><body><header><h1>" + escape(title) + "</h1>"
        + (subtitle.isEmpty() ? "" : "<div class=\"sub\">" + escape(subtitle) + "</div>") + "</header><main>" + body
        + "</main></body></html>\n";
  }

  /** A hidden form field. */
  static String hidden(String name, String value) {
    return "<input type=\"hidden\" name=\"" + escape(name) + "\" value=\"" + escape(value) + "\">";
  }
}
