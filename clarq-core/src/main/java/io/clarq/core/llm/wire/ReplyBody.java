package io.clarq.core.llm.wire;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * A reply body as the server sent it, made readable.
 *
 * <p>Content codings (RFC 9110 §8.4): clarq asks for {@code Accept-Encoding: identity}, yet a server or proxy may
 * compress anyway, so {@code gzip} ({@code x-gzip}) and {@code deflate} are undone whatever was asked, in the reverse
 * of the order they were applied; {@code deflate} is the zlib format the RFC names, and the raw deflate some servers
 * send instead is read too. Any other coding ({@code br}, {@code zstd}) is refused at once, naming it.
 *
 * <p>Streaming: clarq never asks for a stream, but a server or proxy may stream anyway. A body is streamed when its
 * {@code Content-Type} says so ({@code text/event-stream}; {@code application/x-ndjson}) or when it reads as such:
 * lines starting {@code data:} or {@code event:} (server-sent events, html.spec.whatwg.org "Server-sent events"),
 * or more than one JSON value one after the other (NDJSON). Each client assembles its protocol's stream or refuses it.
 */
public final class ReplyBody {
  /** The most bytes a decoded body may have: a reply of a chat model is far smaller; a bomb is refused. */
  public static final int MAX_DECODED = 64 << 20;

  private static final JsonFactory JSON = new JsonFactory();
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** How a server streamed its reply. */
  public enum Streaming {
    /** Server-sent events ({@code data:} lines). */
    SSE("server-sent events (text/event-stream)"),
    /** Newline-delimited JSON, one object a line. */
    NDJSON("newline-delimited JSON (one object a line)");

    private final String words;

    Streaming(String words) {
      this.words = words;
    }

    /** How a message names it. */
    public String words() {
      return words;
    }
  }

  /** One server-sent event: its {@code event:} name ("" when none) and its {@code data:} lines joined. */
  public record Event(String name, String data) {}

  private ReplyBody() {}

  /**
   * The body with its content codings undone.
   *
   * @param contentEncoding the {@code Content-Encoding} header's values (each may list several, comma-separated)
   * @throws UnreadableBodyException for a coding clarq cannot undo (not retryable) or a body that does not decode
   *     (retryable, as any garbled body)
   */
  public static byte[] decode(byte[] body, List<String> contentEncoding) {
    return decode(body, contentEncoding, MAX_DECODED);
  }

  /** {@link #decode(byte[], List)} with another bound on the decoded size (tests). */
  static byte[] decode(byte[] body, List<String> contentEncoding, int max) {
    List<String> codings = new ArrayList<>();
    for (String value : contentEncoding) {
      for (String c : value.split(",")) {
        String coding = c.strip().toLowerCase(Locale.ROOT);
        if (!coding.isEmpty() && !coding.equals("identity")) {
          codings.add(coding);
        }
      }
    }
    byte[] out = body;
    for (int i = codings.size() - 1; i >= 0; i--) {
      String coding = codings.get(i);
      out = switch (coding) {
        case "gzip", "x-gzip" -> gunzip(out, max);
        case "deflate" -> inflate(out, max);
        default -> throw new UnreadableBodyException("the reply is in Content-Encoding " + coding + ", which clarq"
            + " cannot decode (it asked for identity; gzip and deflate are decoded): turn compression off at the"
            + " server or proxy", false);
      };
    }
    return out;
  }

  private static byte[] gunzip(byte[] body, int max) {
    try {
      return readAll(new GZIPInputStream(new ByteArrayInputStream(body)), "gzip", max);
    } catch (IOException e) {
      throw new UnreadableBodyException("the reply says Content-Encoding gzip but does not decode (" + body.length
          + " bytes): " + e.getMessage(), true);
    }
  }

  // RFC 9110 §8.4.1.2: "deflate" is a zlib stream (RFC 1950); some servers send raw deflate (RFC 1951) instead
  private static byte[] inflate(byte[] body, int max) {
    try {
      return inflate(body, false, max);
    } catch (IOException zlib) {
      try {
        return inflate(body, true, max);
      } catch (IOException raw) {
        throw new UnreadableBodyException("the reply says Content-Encoding deflate but does not decode ("
            + body.length + " bytes): " + zlib.getMessage(), true);
      }
    }
  }

  private static byte[] inflate(byte[] body, boolean raw, int max) throws IOException {
    Inflater inflater = new Inflater(raw);
    try {
      return readAll(new InflaterInputStream(new ByteArrayInputStream(body), inflater), "deflate", max);
    } finally {
      inflater.end();
    }
  }

  private static byte[] readAll(InputStream in, String coding, int max) throws IOException {
    try (in) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buffer = new byte[8192];
      for (int n; (n = in.read(buffer)) >= 0; ) {
        if (out.size() + n > max) {
          throw new UnreadableBodyException("the " + coding + " reply decodes to more than " + max + " bytes:"
              + " refused", false);
        }
        out.write(buffer, 0, n);
      }
      return out.toByteArray();
    }
  }

  /**
   * How the body was streamed, if it was: by its content type, else by its shape.
   *
   * @param contentType the {@code Content-Type} header, or empty
   */
  public static Optional<Streaming> streaming(Optional<String> contentType, byte[] body) {
    String type = contentType.orElse("").toLowerCase(Locale.ROOT);
    if (type.startsWith("text/event-stream")) {
      return Optional.of(Streaming.SSE);
    }
    if (type.startsWith("application/x-ndjson") || type.startsWith("application/ndjson")
        || type.startsWith("application/jsonl")) {
      return Optional.of(Streaming.NDJSON);
    }
    String head = new String(body, 0, Math.min(body.length, 64), StandardCharsets.UTF_8).stripLeading();
    if (head.startsWith("data:") || head.startsWith("event:")) {
      return Optional.of(Streaming.SSE);
    }
    return head.startsWith("{") && severalValues(body) ? Optional.of(Streaming.NDJSON) : Optional.empty();
  }

  // whether a second JSON value follows the first: Jackson's readTree reads the first and drops the rest
  private static boolean severalValues(byte[] body) {
    try (JsonParser p = JSON.createParser(body)) {
      if (p.nextToken() == null) {
        return false;
      }
      p.skipChildren();
      return p.nextToken() != null;
    } catch (IOException e) {
      return false;   // broken JSON: the reader says so
    }
  }

  /** The events of a server-sent-event body, in order; comments and {@code id:}/{@code retry:} lines dropped. */
  public static List<Event> events(byte[] body) {
    List<Event> events = new ArrayList<>();
    String name = "";
    StringBuilder data = null;
    for (String line : new String(body, StandardCharsets.UTF_8).split("\r\n|\r|\n", -1)) {
      if (line.isEmpty()) {
        if (data != null) {
          events.add(new Event(name, data.toString()));
        }
        name = "";
        data = null;
      } else if (line.startsWith("data:")) {
        String d = line.substring(5);
        d = d.startsWith(" ") ? d.substring(1) : d;
        data = data == null ? new StringBuilder(d) : data.append('\n').append(d);
      } else if (line.startsWith("event:")) {
        name = line.substring(6).strip();
      }
    }
    if (data != null) {
      events.add(new Event(name, data.toString()));
    }
    return events;
  }

  /**
   * The JSON values of an NDJSON body, one a line; blank lines skipped.
   *
   * @throws UnreadableBodyException naming the line that is not JSON (not retryable: a stream is refused whole)
   */
  public static List<JsonNode> lines(byte[] body) {
    List<JsonNode> out = new ArrayList<>();
    String[] lines = new String(body, StandardCharsets.UTF_8).split("\r\n|\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].isBlank()) {
        continue;
      }
      try {
        out.add(MAPPER.readTree(lines[i]));
      } catch (JsonProcessingException e) {
        throw new UnreadableBodyException("the server streamed " + Streaming.NDJSON.words() + " and line " + (i + 1)
            + " is not JSON: " + jsonError(e), false);
      }
    }
    return out;
  }

  /**
   * A parser's complaint as a person reads it: its own words and where ("line 1, column 52"), without the
   * {@code [Source: ...]} part Jackson appends.
   */
  public static String jsonError(JsonProcessingException e) {
    String words = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage();
    words = words.replaceAll("\\s+", " ").strip();
    JsonLocation at = e.getLocation();
    return at == null || at.getLineNr() < 1 ? words
        : words + " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
  }
}
