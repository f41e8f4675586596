package io.clarq.serve.web;

/**
 * HTML escaping for text that a page writes outside jsoup. Pages built with jsoup ({@code Element.text(...)},
 * {@code attr(...)}) are escaped by jsoup already; this is for the few strings assembled by hand (a message in a plain
 * error page, a value put in an attribute of a hand-written form). Every character that could end a text node or an
 * attribute value ({@code & < > " '}) is replaced by its entity, so a model name or a participant's line such as
 * {@code <script>} or {@code <img onerror=...>} shows as text and runs nothing.
 */
public final class Html {
  private Html() {}

  /** {@code text} safe to put in an HTML text node or a quoted attribute value; {@code null} gives "". */
  public static String escape(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }
}
