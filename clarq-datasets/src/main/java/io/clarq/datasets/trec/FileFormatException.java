package io.clarq.datasets.trec;

import java.nio.file.Path;

/**
 * Input that does not have the expected format; the message names the file, the line (1-based) and what is
 * wrong, e.g. {@code run file dev_run.txt, line 1: expected "<topic_id> 0 <question_id> <rank> <score> <run_id>",
 * got a header line}.
 */
public final class FileFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final transient Path file;
  private final int line;

  /** A problem at a line of a file (line 0: the file as a whole). */
  public FileFormatException(String kind, Path file, int line, String problem) {
    super(kind + " " + file + (line > 0 ? ", line " + line : "") + ": " + problem);
    this.file = file;
    this.line = line;
  }

  /** The file with the problem. */
  public Path file() {
    return file;
  }

  /** The 1-based line, or 0 when the problem concerns the whole file. */
  public int line() {
    return line;
  }
}
