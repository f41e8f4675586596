package io.clarq.serve.study.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** A form's fields as a browser posts them ({@code application/x-www-form-urlencoded}), for the page tests. */
final class FormBody {
  private FormBody() {}

  /** The fields in order, each value URL-encoded; a name may come more than once (ticked boxes). */
  static String of(Iterable<Map.Entry<String, String>> fields) {
    StringBuilder body = new StringBuilder();
    fields.forEach(e -> body.append(body.length() == 0 ? "" : "&").append(e.getKey()).append('=')
        .append(URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)));
    return body.toString();
  }
}
