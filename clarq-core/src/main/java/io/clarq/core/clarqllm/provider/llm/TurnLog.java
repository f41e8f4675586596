package io.clarq.core.clarqllm.provider.llm;

import java.util.ArrayList;
import java.util.List;

/** What one provider turn did so far: the model calls it made and the verdicts that decided the reply. */
final class TurnLog {
  private int calls;
  private final List<String> steps = new ArrayList<>();

  void countCall() {
    calls++;
  }

  void addCalls(int n) {
    calls += n;
  }

  void note(String step) {
    steps.add(step);
  }

  int calls() {
    return calls;
  }

  String explanation() {
    return String.join("; ", steps);
  }
}
