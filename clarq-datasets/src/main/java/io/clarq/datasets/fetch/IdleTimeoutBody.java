package io.clarq.datasets.fetch;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A streamed HTTP response body read as an {@link InputStream} that gives up when no byte arrives for a while. The
 * JDK's own {@code BodyHandlers.ofInputStream()} waits forever for a server that stops sending mid-body; this one
 * subscribes to {@code BodyHandlers.ofPublisher()} and waits for each next chunk at most {@code idle}, then cancels
 * the response and throws {@link HttpTimeoutException}.
 */
final class IdleTimeoutBody extends InputStream implements Flow.Subscriber<List<ByteBuffer>> {
  private static final Object END = new Object();

  private final BlockingQueue<Object> arrived = new LinkedBlockingQueue<>();
  private final Duration idle;
  private volatile Flow.Subscription subscription;
  private Iterator<ByteBuffer> chunk = Collections.emptyIterator();
  private ByteBuffer current = ByteBuffer.allocate(0);
  private boolean ended;

  /** Reads {@code body}, waiting at most {@code idle} for each next chunk. */
  static IdleTimeoutBody of(Flow.Publisher<List<ByteBuffer>> body, Duration idle) {
    IdleTimeoutBody in = new IdleTimeoutBody(idle);
    body.subscribe(in);
    return in;
  }

  private IdleTimeoutBody(Duration idle) {
    this.idle = Objects.requireNonNull(idle, "idle");
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    s.request(1);
  }

  @Override
  public void onNext(List<ByteBuffer> item) {
    arrived.add(item);
  }

  @Override
  public void onError(Throwable error) {
    arrived.add(error);
  }

  @Override
  public void onComplete() {
    arrived.add(END);
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return 0;
    }
    while (!current.hasRemaining()) {
      if (chunk.hasNext()) {
        current = chunk.next();
        continue;
      }
      if (ended) {
        return -1;
      }
      next();
    }
    int n = Math.min(len, current.remaining());
    current.get(b, off, n);
    return n;
  }

  // waits for the next chunk, the end, or an error, at most `idle`
  @SuppressWarnings("unchecked")
  private void next() throws IOException {
    Object item;
    try {
      item = arrived.poll(idle.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      cancel();
      throw new IOException("interrupted while waiting for the response body", e);
    }
    if (item == null) {
      cancel();
      throw new HttpTimeoutException("no byte arrived for " + seconds(idle) + " s");
    }
    if (item == END) {
      ended = true;
    } else if (item instanceof Throwable t) {
      ended = true;
      throw t instanceof IOException io ? io : new IOException(t.getMessage(), t);
    } else {
      chunk = ((List<ByteBuffer>) item).iterator();
      subscription.request(1);
    }
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? Long.toString(d.toSeconds())
        : java.math.BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString();
  }

  private void cancel() {
    ended = true;
    Flow.Subscription s = subscription;
    if (s != null) {
      s.cancel();
    }
  }

  /** Cancels the response when the body was not read to its end (the connection is not reused). */
  @Override
  public void close() {
    if (!ended) {
      cancel();
    }
  }
}
