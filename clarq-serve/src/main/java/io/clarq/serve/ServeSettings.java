package io.clarq.serve;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What {@code clarq serve} is started with: the directories of runs it shows, the address it binds
 * ({@code 127.0.0.1} unless told otherwise), the port (0: any free one), the admin token and the largest request body
 * it accepts.
 *
 * @param dirs the directories of runs; only folders under them are readable
 * @param bind the address to listen on
 * @param port the port, 0 for any free one
 * @param adminToken the token the admin pages ask for
 * @param maxRequestBytes the largest request body accepted
 */
public record ServeSettings(List<Path> dirs, String bind, int port, String adminToken, long maxRequestBytes) {
  /** The address bound when none is given: loopback only. */
  public static final String LOOPBACK = "127.0.0.1";
  /** The largest request body accepted by default: 64 KiB, far above any form a page sends. */
  public static final long DEFAULT_MAX_REQUEST_BYTES = 64 * 1024;

  /** Validates. */
  public ServeSettings {
    dirs = List.copyOf(dirs);
    Objects.requireNonNull(bind, "bind");
    Objects.requireNonNull(adminToken, "adminToken");
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port " + port + " is not in 0..65535");
    }
    if (adminToken.length() < 16) {
      throw new IllegalArgumentException("the admin token must have at least 16 characters");
    }
    if (maxRequestBytes < 1024) {
      throw new IllegalArgumentException("maxRequestBytes " + maxRequestBytes + " is below 1024");
    }
  }
}
