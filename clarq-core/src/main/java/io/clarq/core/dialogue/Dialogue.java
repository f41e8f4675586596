package io.clarq.core.dialogue;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A finished dialogue: [provider opening, seeker 1, provider 1, seeker 2, ...], alternating, provider first.
 * The seeker's goodbye is the last line and never gets a reply.
 */
public record Dialogue(List<Utterance> utterances, EndReason endReason) {
  public Dialogue {
    utterances = List.copyOf(utterances);
    Objects.requireNonNull(endReason, "endReason");
    for (int i = 0; i < utterances.size(); i++) {
      Speaker expected = i % 2 == 0 ? Speaker.PROVIDER : Speaker.SEEKER;
      if (utterances.get(i).speaker() != expected) {
        throw new IllegalArgumentException("illegal dialogue: utterance " + i + " is by the "
            + utterances.get(i).speaker().name().toLowerCase(Locale.ROOT) + ", expected the "
            + expected.name().toLowerCase(Locale.ROOT) + " (turns alternate, the provider opens)");
      }
    }
  }

  /** A dialogue from plain lines in the reference's layout (even positions provider, odd seeker). */
  public static Dialogue ofLines(List<String> lines, EndReason endReason) {
    List<Utterance> us = new java.util.ArrayList<>(lines.size());
    for (int i = 0; i < lines.size(); i++) {
      us.add(new Utterance(i % 2 == 0 ? Speaker.PROVIDER : Speaker.SEEKER, lines.get(i)));
    }
    return new Dialogue(us, endReason);
  }

  /** The texts, in order. */
  public List<String> lines() {
    return utterances.stream().map(Utterance::text).toList();
  }

  /** The seeker's lines, in order: h[1], h[3], ... */
  public List<String> seekerLines() {
    return utterances.stream().filter(u -> u.speaker() == Speaker.SEEKER).map(Utterance::text).toList();
  }

  /** The provider's lines, in order, the opening included: h[0], h[2], ... */
  public List<String> providerLines() {
    return utterances.stream().filter(u -> u.speaker() == Speaker.PROVIDER).map(Utterance::text).toList();
  }
}
