package io.clarq.core.clarqllm.provider.console;

import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.provider.Intent;
import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.clarqllm.tree.TreeCursor;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A person plays the provider (the paper's L2H setup, used to validate seekers): before the first reply the task and
 * its response tree are shown; for every seeker line the tree is shown again with each node marked given, available
 * or locked, then one line is read:
 *
 * <ul>
 *   <li>node ids of available nodes ({@code 1} or {@code 1.2, 2}): Response I, the nodes' texts with the "Jax: "
 *       prefix (several joined by a space), gating applied: a node that is not available now is refused and the
 *       person asked again;
 *   <li>anything else: Response II, the typed text with the "Jax: " prefix.
 * </ul>
 *
 * It reads only the reader and writes only the writer it is given; end of input fails the dialogue (it is recorded
 * as failed, never scored). One person plays one dialogue at a time, so calls are serialised.
 */
public final class ConsoleProvider implements ProviderAgent {
  private final BufferedReader in;
  private final PrintWriter out;
  private final java.util.Map<Language, String> opening = new java.util.EnumMap<>(Language.class);

  /**
   * @param opening the opening line per language (from the prompt pack in use, so the seeker sees the same opening
   *     as against the LLM provider)
   */
  public ConsoleProvider(Reader in, PrintWriter out, java.util.function.Function<Language, String> opening) {
    Objects.requireNonNull(in, "in");
    this.in = in instanceof BufferedReader b ? b : new BufferedReader(in);
    this.out = Objects.requireNonNull(out, "out");
    Objects.requireNonNull(opening, "opening");
    for (Language l : Language.values()) {
      this.opening.put(l, opening.apply(l));
    }
  }

  @Override
  public String name() {
    return "console";
  }

  @Override
  public String opening(Language language) {
    return opening.get(language);
  }

  @Override
  public synchronized ProviderReply reply(ProviderTurn turn) {
    ClarqTask task = turn.task();
    if (turn.history().size() == 2) {
      out.println("You are Jax. Task " + task.id() + " (" + task.typeName() + "): the seeker is a "
          + task.briefing().role() + " who must " + task.briefing().task() + ".");
    }
    out.println();
    showTree(turn);
    out.println();
    out.println("Seeker: " + turn.seekerLine());
    while (true) {
      out.print("Give node id(s) (e.g. " + turn.tree().available().get(0)
          + ") for Response I, or type a reply (Response II): ");
      out.flush();
      String line = readLine();
      if (line.isBlank()) {
        continue;
      }
      Optional<List<NodeId>> ids = ids(line);
      if (ids.isEmpty()) {
        return typed(line);
      }
      List<NodeId> unavailable = ids.get().stream().filter(id -> !turn.tree().available().contains(id)).toList();
      if (!unavailable.isEmpty()) {
        out.println("Not available now: " + unavailable + "; available: " + turn.tree().available());
        continue;
      }
      return givenNodes(task, turn.tree(), ids.get());
    }
  }

  /**
   * A person's reply of nodes (Response I): the nodes' texts with the "Jax: " prefix, several joined by a space,
   * in the order given; the opening statement (node 0) carries no intent, any other node the answerable-detail one.
   *
   * @throws IllegalArgumentException when no node is given, or one is not available in {@code tree} now (the
   *     message names them and the available ones)
   */
  public static ProviderReply givenNodes(ClarqTask task, TreeCursor tree, List<NodeId> ids) {
    List<NodeId> chosen = ids.stream().distinct().toList();
    if (chosen.isEmpty()) {
      throw new IllegalArgumentException("illegal reply for task " + task.id() + ": no node given");
    }
    List<NodeId> unavailable = chosen.stream().filter(id -> !task.tree().contains(id) || !tree.isAvailable(id))
        .toList();
    if (!unavailable.isEmpty()) {
      throw new IllegalArgumentException("not available now: " + unavailable + "; available: " + tree.available());
    }
    List<String> texts = chosen.stream().map(id -> task.tree().node(id).text()).toList();
    return new ProviderReply(FixedReplies.PREFIX + String.join(" ", texts), ReplyKind.RESPONSE_I,
        chosen.contains(NodeId.ROOT) ? Optional.empty() : Optional.of(Intent.ANSWERABLE_DETAIL), chosen, 0,
        "nodes chosen by the person");
  }

  /** A person's typed reply (Response II): the text with the "Jax: " prefix unless it has one. */
  public static ProviderReply typed(String text) {
    if (Objects.requireNonNull(text, "text").isBlank()) {
      throw new IllegalArgumentException("illegal reply: blank");
    }
    return new ProviderReply(FixedReplies.withPrefix(text), ReplyKind.RESPONSE_II, Optional.empty(), List.of(), 0,
        "typed by the person");
  }

  private void showTree(ProviderTurn turn) {
    out.println("Response tree (* available now, - given, . locked):");
    for (ResponseNode n : turn.task().tree().nodes()) {
      String mark = turn.tree().available().contains(n.id()) ? "*" : turn.tree().given().contains(n.id()) ? "-" : ".";
      out.println("  " + mark + " " + n.id() + "  " + n.text()
          + n.purpose().map(p -> "\n        purpose: " + p).orElse(""));
    }
  }

  private String readLine() {
    try {
      String line = in.readLine();
      if (line == null) {
        throw new IllegalStateException("the person playing the provider closed the input");
      }
      return line;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the provider's reply from the console", e);
    }
  }

  /** Node ids separated by commas or spaces, or empty when the line is not (only) node ids. */
  static Optional<List<NodeId>> ids(String line) {
    List<NodeId> out = new ArrayList<>();
    for (String part : line.strip().split("[,\\s]+")) {
      if (!part.matches("\\d+(\\.\\d+)*")) {
        return Optional.empty();
      }
      NodeId id = NodeId.parse(part);
      if (!out.contains(id)) {
        out.add(id);
      }
    }
    return out.isEmpty() ? Optional.empty() : Optional.of(out);
  }
}
