package io.clarq.core.seeker.console;

import io.clarq.core.prompt.PromptPack;
import io.clarq.core.seeker.SeekerAgent;
import io.clarq.core.seeker.SeekerTurn;
import io.clarq.core.seeker.llm.SeekerBriefing;
import io.clarq.core.task.Language;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * A person plays the seeker: on the first turn of a dialogue the briefing is shown, then each provider line is
 * printed and one line is read as the seeker's reply. It reads only the reader and writes only the writer it is given
 * (the CLI passes the terminal's). End of input is read as "Goodbye" (Chinese "再见") so the
 * dialogue ends. One person plays one dialogue at a time, so calls are serialised.
 */
public final class ConsoleSeeker implements SeekerAgent {
  private final BufferedReader in;
  private final PrintWriter out;

  public ConsoleSeeker(Reader in, PrintWriter out) {
    Objects.requireNonNull(in, "in");
    this.in = in instanceof BufferedReader b ? b : new BufferedReader(in);
    this.out = Objects.requireNonNull(out, "out");
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
        String bye = turn.language() == Language.CHINESE ? "再见" : "Goodbye";
        out.println(bye);
        out.flush();
        return bye;
      }
      return line.strip();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the seeker's line from the console", e);
    }
  }
}
