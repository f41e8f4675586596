package io.clarq.datasets.fetch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The data sets clarq knows how to fetch, read from the catalogue shipped in this jar
 * ({@code io/clarq/datasets/fetch/datasets.json}): {@code clarq-llm}, {@code clariq}, {@code clariq-fkw},
 * {@code hotpotqa-dev}, {@code cacm} and {@code clarq-llm-reference} (the reference code, from which
 * {@code io.clarq.datasets.clarqllm.reference.ClarqLlmReference} derives the prompt pack and the judge verdicts), each pinned to an upstream commit, every file with its size and SHA-256.
 */
public final class DataCatalog {
  /** The catalogue resource, relative to this class. */
  public static final String RESOURCE = "datasets.json";

  private final Map<String, DataSet> byName;

  private DataCatalog(List<DataSet> sets) {
    Map<String, DataSet> m = new LinkedHashMap<>();
    for (DataSet s : sets) {
      if (m.put(s.name(), s) != null) {
        throw new IllegalArgumentException("data catalogue lists " + s.name() + " twice");
      }
    }
    this.byName = m;
  }

  /** The catalogue shipped in the jar. */
  public static DataCatalog builtIn() {
    try (InputStream in = DataCatalog.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("data catalogue resource " + RESOURCE + " is missing from the jar");
      }
      return parse(new ObjectMapper().readTree(in), RESOURCE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the data catalogue " + RESOURCE + ": " + e.getMessage(), e);
    }
  }

  /** A catalogue from its JSON form; {@code where} names the source in error messages. */
  public static DataCatalog parse(JsonNode root, String where) {
    List<DataSet> sets = new ArrayList<>();
    for (JsonNode d : root.path("datasets")) {
      String name = d.path("name").asText(null);
      try {
        List<String> notes = new ArrayList<>();
        d.path("notes").forEach(n -> notes.add(n.asText()));
        List<NotFetchable> skipped = new ArrayList<>();
        d.path("not_fetchable").forEach(n -> skipped.add(new NotFetchable(n.path("path").asText(null),
            n.path("why").asText(null))));
        List<DataFile> files = new ArrayList<>();
        for (JsonNode f : d.path("files")) {
          files.add(new DataFile(f.path("path").asText(null), f.path("upstream").asText(null),
              f.path("url").asText(null),
              f.has("size") ? OptionalLong.of(f.get("size").asLong()) : OptionalLong.empty(),
              Optional.ofNullable(f.path("sha256").asText(null))));
        }
        sets.add(new DataSet(name, d.path("title").asText(""), d.path("licence").asText(""),
            d.path("homepage").asText(""), d.path("repository").asText(""), d.path("commit").asText(""),
            URI.create(d.path("origin").asText("")), notes, skipped, files));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + ", data set " + name + ": " + e.getMessage(), e);
      }
    }
    if (sets.isEmpty()) {
      throw new IllegalArgumentException(where + ": no data sets");
    }
    return new DataCatalog(sets);
  }

  /** Every data set, in catalogue order. */
  public List<DataSet> all() {
    return List.copyOf(byName.values());
  }

  /** The data set of that name; an unknown name is an error listing the known ones. */
  public DataSet get(String name) {
    DataSet s = byName.get(name);
    if (s == null) {
      throw new IllegalArgumentException("unknown data set \"" + name + "\"; known: " + String.join(", ",
          byName.keySet()));
    }
    return s;
  }
}
