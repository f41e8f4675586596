package io.clarq.eval.results;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The models of a run by role, kept in the run config's recorded information ({@code model_ROLE}:
 * {@code scheme:model @ server, ...}), so that the end step of a run and of a merge of its shards name the same
 * models in the results.
 */
public final class RecordedModels {
  private static final String PREFIX = "model_";

  private RecordedModels() {}

  /** The models as recorded information. */
  public static Map<String, String> record(Map<ModelRole, ModelRef> models) {
    Map<String, String> out = new LinkedHashMap<>();
    models.forEach((role, ref) -> out.put(PREFIX + role.key(), ref.name()
        + (ref.servers().isEmpty() ? "" : " @ " + String.join(", ", ref.servers()))));
    return out;
  }

  /** Adds the models recorded in {@code recorded} to the envelope. */
  public static void addTo(ResultsEnvelope.Builder envelope, Map<String, String> recorded) {
    recorded.forEach((name, value) -> {
      if (name.startsWith(PREFIX)) {
        envelope.model(ModelRole.parse(name.substring(PREFIX.length())), ModelRef.parseIdentity(value));
      }
    });
  }
}
