package io.clarq.core.cq;

import io.clarq.core.asking.ActionKind;
import io.clarq.core.asking.AskingAction;
import io.clarq.core.asking.AskingAgent;
import io.clarq.core.asking.AskingStatements;
import io.clarq.core.asking.AskingTurn;
import io.clarq.core.asking.Message;
import io.clarq.core.llm.LlmException;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * An {@link AskingAgent} as a CQ question generator. A facet request becomes an asking turn of benchmark {@code "cq"}:
 * the statement rendered from the request and the facet, the user's request as the one {@code RESPONDER} message, and
 * the one action {@code ASK}. The question is the single candidate (form {@code "agent"}, one attempt), with the facet
 * words it lacks recorded as for every generator.
 */
public final class AskingQuestionGenerator implements QuestionGenerator {
  /** The form name recorded with the agent's candidate. */
  public static final String FORM = "agent";

  private final AskingAgent agent;

  public AskingQuestionGenerator(AskingAgent agent) {
    this.agent = Objects.requireNonNull(agent, "agent");
  }

  @Override
  public String name() {
    return "agent:" + agent.name();
  }

  @Override
  public GeneratedQuestion generate(FacetRequest request) throws LlmException {
    AskingTurn turn = turn(request);
    String question = ((AskingAction.Ask) turn.check(agent.name(), agent.act(turn))).question().strip();
    return GeneratedQuestion.single(request.id(), name(), new QuestionCandidate(FORM, question, 1, List.of(),
        QuestionCandidate.missingWords(request.facetWords(), question), OptionalDouble.empty()));
  }

  /** The asking turn a facet request becomes. */
  public static AskingTurn turn(FacetRequest request) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("request", request.request());
    fields.put("facet", request.facet());
    return AskingStatements.turn("cq", request.id(), fields, List.of(Message.responder(request.request())),
        EnumSet.of(ActionKind.ASK), List.of(), 1);
  }

  @Override
  public String toString() {
    return name();
  }
}
