package io.clarq.core.clarqllm.seeker.console;

import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.seeker.llm.SeekerBriefing;
import io.clarq.core.prompt.PromptPack;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * A person plays the seeker: on the first turn of a dialogue the briefing is shown, then each provider line is
 * printed and one line is read as the seeker's reply. It reads only the reader and writes only the writer it is given
 * (the CLI passes the terminal's). End of input (Ctrl-D, a closed pipe) abandons the dialogue: {@link #next} throws
 * {@link Abandoned}, which the dialogue loop records as a failed dialogue, never scored and never taken for the
 * person saying goodbye. One person plays one dialogue at a time, so calls are serialised.
 */
public final class ConsoleSeeker implements SeekerAgent {
  private final BufferedReader in;
  private final PrintWriter out;

  public ConsoleSeeker(Reader in, PrintWriter out) {
    Objects.requireNonNull(in, "in");
    this.in = in instanceof BufferedReader b ? b : new BufferedReader(in);
    this.out = Objects.requireNonNull(out, "out");
  }

  /** The person's input ended before the dialogue did: the dialogue is abandoned, not ended by the seeker. */
  public static final class Abandoned extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** The message the transcript records as the failure. */
    public static final String MESSAGE = "abandoned: the person playing the seeker closed the input before saying"
        + " goodbye; the dialogue is not scored";

    Abandoned() {
      super(MESSAGE);
    }
  }

  @Override
  public String name() {
    return "console";
  }

  @Override
  public synchronized String next(SeekerTurn turn) {
    if (turn.seekerTurnsSoFar() == 0) {
      out.println(SeekerBriefing.render(PromptPack.clarq(), turn.briefing()) + "\n");
    }
    out.println(turn.providerLine());
    out.print("You: ");
    out.flush();
    try {
      String line = in.readLine();
      if (line == null) {
        out.println();
        out.flush();
        throw new Abandoned();
      }
      return line.strip();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the seeker's line from the console", e);
    }
  }
}
