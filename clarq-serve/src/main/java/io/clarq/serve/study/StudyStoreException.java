package io.clarq.serve.study;

/** The study database could not be read or written; the message names the file. */
public final class StudyStoreException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public StudyStoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
