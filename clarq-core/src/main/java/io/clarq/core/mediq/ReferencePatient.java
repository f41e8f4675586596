package io.clarq.core.mediq;

import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.LlmException;
import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The reference code's LLM patients (Instruct, FactSelect, Direct) as agents. The expert sees the record's first
 * sentence; the Instruct and FactSelect patients read the sentences joined by one space (the craft-md sentences
 * have no final period, so they run together, as in the reference). Reproduced by default: the FactSelect patient
 * ignores the data set's facts and asks the model to decompose the record at its first question (the reference
 * reads a field the data files do not have); the decomposition is kept line by line, numbering and empty lines
 * included. With {@code useDataFacts} it answers from the data set's facts instead (a named deviation).
 */
public final class ReferencePatient implements Patient {
  private final PatientKind kind;
  private final PromptPack pack;
  private final MediqModels models;
  private final String model;
  private final boolean useDataFacts;

  /**
   * @param model the patient's model name ({@code --patient_model})
   * @throws IllegalArgumentException when the pack is of another layout
   */
  public ReferencePatient(PatientKind kind, PromptPack pack, MediqModels models, String model,
      boolean useDataFacts) {
    this.kind = Objects.requireNonNull(kind, "kind");
    this.pack = Objects.requireNonNull(pack, "pack");
    this.models = Objects.requireNonNull(models, "models");
    this.model = Objects.requireNonNull(model, "model");
    this.useDataFacts = useDataFacts;
    if (pack.layout() != PackLayout.MEDIQ) {
      throw new IllegalArgumentException("the MediQ patient needs a " + PackLayout.MEDIQ + " prompt pack, not "
          + pack.layout() + " (" + pack.id() + ")");
    }
  }

  public PatientKind kind() {
    return kind;
  }

  @Override
  public Consultation start(MediqCase c) {
    return new LlmConsultation(c);
  }

  /** The record's first sentence ("" when it has none), as the reference gives the expert. */
  static String initialInfo(MediqCase c) {
    return c.context().isEmpty() ? "" : c.context().get(0);
  }

  /** The record's sentences joined by one space ("None" when it has none), as the reference reads them. */
  static String paragraph(MediqCase c) {
    return c.context().isEmpty() ? "None" : String.join(" ", c.context());
  }

  private final class LlmConsultation implements Consultation {
    private final MediqCase c;
    private List<String> facts;

    LlmConsultation(MediqCase c) {
      this.c = c;
      this.facts = useDataFacts ? c.facts() : null;
    }

    @Override
    public String initialInfo() {
      return ReferencePatient.initialInfo(c);
    }

    @Override
    public Optional<List<String>> facts() {
      return Optional.ofNullable(facts);
    }

    // the reference's patient passes max_length, which its model cache never reads: under the reference's
    // behaviour the settings are the defaults (or the expert's, by model name); otherwise max_length is honoured
    private MediqSampling sampling(int maxLength) {
      MediqSampling d = MediqSampling.defaults(model);
      return models.keyedByName() ? d : d.withMaxTokens(maxLength);
    }

    @Override
    public String respond(String question, List<Exchange> history) throws LlmException {
      List<ChatMessage> m = new ArrayList<>();
      switch (kind) {
        case DIRECT -> {
          m.add(ChatMessage.system(text("patient/direct_system")));
          m.add(ChatMessage.user(render("patient/direct", Map.of("initial_info", initialInfo(), "question",
              question))));
        }
        case INSTRUCT -> {
          m.add(ChatMessage.system(text("patient/instruct_system")));
          m.add(ChatMessage.user(render("patient/instruct", Map.of("context", paragraph(c), "question",
              question))));
        }
        case FACT_SELECT -> {
          if (facts == null || facts.isEmpty()) {
            List<ChatMessage> d = List.of(ChatMessage.system(text("patient/decompose_system")),
                ChatMessage.user(render("patient/decompose", Map.of("context", paragraph(c)))));
            List<String> lines = new ArrayList<>();
            PyText.splitlines(models.generate(sampling(1000), d).text()).forEach(l -> lines.add(PyText.strip(l)));
            facts = List.copyOf(lines);
          }
          m.add(ChatMessage.system(text("patient/fact_select_system")));
          m.add(ChatMessage.user(render("patient/fact_select", Map.of("facts", String.join("\n", facts),
              "question", question))));
        }
        default -> throw new IllegalStateException("unknown patient " + kind);
      }
      return models.generate(sampling(50), m).text();
    }
  }

  private String text(String template) {
    return pack.template(template).text();
  }

  private String render(String template, Map<String, String> values) {
    return pack.template(template).render(values);
  }
}
