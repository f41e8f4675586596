package io.clarq.core.llm.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** Content codings undone as RFC 9110 §8.4 defines them, streams told from whole replies, parser errors worded. */
class ReplyBodyTest {
  private static final String JSON = "{\"choices\": []}";

  private static byte[] gzip(byte[] in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(in);
    }
    return out.toByteArray();
  }

  private static byte[] deflate(byte[] in, boolean raw) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, raw);
    try (DeflaterOutputStream z = new DeflaterOutputStream(out, deflater)) {
      z.write(in);
    } finally {
      deflater.end();
    }
    return out.toByteArray();
  }

  @Test
  void testCodingsAreUndoneInReverseOrder() throws IOException {
    byte[] plain = JSON.getBytes(StandardCharsets.UTF_8);
    assertThat(ReplyBody.decode(gzip(plain), List.of("gzip"))).isEqualTo(plain);
    assertThat(ReplyBody.decode(gzip(plain), List.of("X-GZIP"))).isEqualTo(plain);
    assertThat(ReplyBody.decode(deflate(plain, false), List.of("deflate"))).isEqualTo(plain);
    assertThat(ReplyBody.decode(deflate(plain, true), List.of("deflate"))).isEqualTo(plain);
    // "Content-Encoding: deflate, gzip": deflated first, then gzipped (RFC 9110 §8.4)
    assertThat(ReplyBody.decode(gzip(deflate(plain, false)), List.of("deflate, gzip"))).isEqualTo(plain);
    assertThat(ReplyBody.decode(plain, List.of("identity"))).isEqualTo(plain);
    assertThat(ReplyBody.decode(plain, List.of())).isEqualTo(plain);
  }

  @Test
  void testAnUnknownCodingIsRefusedAndACorruptBodyMayBeRetried() throws IOException {
    UnreadableBodyException br = catchThrowableOfType(() -> ReplyBody.decode(new byte[] {1, 2}, List.of("br")),
        UnreadableBodyException.class);
    assertThat(br.retryable()).isFalse();
    assertThat(br).hasMessageContaining("Content-Encoding br");
    byte[] cut = gzip(JSON.getBytes(StandardCharsets.UTF_8));
    UnreadableBodyException corrupt = catchThrowableOfType(() -> ReplyBody.decode(Arrays.copyOf(cut, cut.length / 2),
        List.of("gzip")), UnreadableBodyException.class);
    assertThat(corrupt.retryable()).isTrue();
  }

  @Test
  void testABombIsRefused() throws IOException {
    byte[] zeros = new byte[100_001];
    assertThat(ReplyBody.decode(gzip(zeros), List.of("gzip"), 100_001)).hasSize(100_001);
    UnreadableBodyException e = catchThrowableOfType(() -> ReplyBody.decode(gzip(zeros), List.of("gzip"), 100_000),
        UnreadableBodyException.class);
    assertThat(e.retryable()).isFalse();
    assertThat(e).hasMessageContaining("more than 100000 bytes");
  }

  @Test
  void testStreamsAreToldByTypeOrShape() {
    byte[] whole = "{\n  \"a\": 1\n}\n".getBytes(StandardCharsets.UTF_8);
    byte[] ndjson = "{\"a\": 1}\n{\"a\": 2}\n".getBytes(StandardCharsets.UTF_8);
    byte[] sse = "data: {\"a\": 1}\n\ndata: [DONE]\n\n".getBytes(StandardCharsets.UTF_8);
    assertThat(ReplyBody.streaming(Optional.of("application/json"), whole)).isEmpty();
    assertThat(ReplyBody.streaming(Optional.empty(), ndjson)).contains(ReplyBody.Streaming.NDJSON);
    assertThat(ReplyBody.streaming(Optional.of("application/json"), sse)).contains(ReplyBody.Streaming.SSE);
    assertThat(ReplyBody.streaming(Optional.of("text/event-stream; charset=utf-8"), whole))
        .contains(ReplyBody.Streaming.SSE);
    assertThat(ReplyBody.streaming(Optional.of("application/x-ndjson"), whole)).contains(ReplyBody.Streaming.NDJSON);
    // broken JSON is no stream: the reader names what is wrong with it
    assertThat(ReplyBody.streaming(Optional.empty(), "{\"a\": ".getBytes(StandardCharsets.UTF_8))).isEmpty();
  }

  @Test
  void testEventsJoinTheirDataLines() {
    // html.spec.whatwg.org/multipage/server-sent-events.html: data lines of one event joined by a line feed
    byte[] sse = ": comment\nevent: a\ndata: one\ndata:two\n\nid: 7\ndata: three\r\n\r\n"
        .getBytes(StandardCharsets.UTF_8);
    assertThat(ReplyBody.events(sse)).containsExactly(new ReplyBody.Event("a", "one\ntwo"),
        new ReplyBody.Event("", "three"));
  }

  @Test
  void testAParserErrorNamesLineAndColumnWithoutItsSource() {
    JsonProcessingException e = catchThrowableOfType(() -> new ObjectMapper().readTree("{\n  \"a\": tru"),
        JsonProcessingException.class);
    assertThat(e.getMessage()).contains("[Source");
    assertThat(ReplyBody.jsonError(e)).contains("(line 2, column").doesNotContain("[Source").doesNotContain("\n");
    UnreadableBodyException bad = catchThrowableOfType(() -> ReplyBody.lines("{\"a\": 1}\n{\"a\": \n"
        .getBytes(StandardCharsets.UTF_8)), UnreadableBodyException.class);
    assertThat(bad).hasMessageContaining("line 2 is not JSON");
  }
}
