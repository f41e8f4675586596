package io.clarq.retrieval.clariq.document;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.util.BytesRef;

/**
 * Builds the RM3 query the way Anserini's reranker does, in single precision like it: each feedback document's
 * term counts (from its term vector, filtered) are cut to the top terms and L1-normalised, weighted by the document's
 * raw first-pass score and summed; the sum is cut to the top terms, normalised, and interpolated with the
 * L1-normalised query. Ties between equally weighted terms are broken by term order.
 */
final class Rm3Expander {
  private static final Pattern ALLOWED = Pattern.compile("[a-z0-9]+");

  private final IndexReader reader;
  private final String field;
  private final Rm3 settings;

  Rm3Expander(IndexReader reader, String field, Rm3 settings) {
    this.reader = reader;
    this.field = field;
    this.settings = settings;
  }

  /** The expanded query weights from the query's term counts and the first-pass hits (best first). */
  Map<String, Float> expand(Map<String, Float> queryCounts, ScoreDoc[] firstPass) throws IOException {
    Map<String, Float> query = scaleToUnitL1(queryCounts);
    int n = Math.min(settings.feedbackDocs(), firstPass.length);
    List<Map<String, Float>> vectors = new ArrayList<>();
    TreeSet<String> vocabulary = new TreeSet<>();
    for (int i = 0; i < n; i++) {
      Map<String, Float> v = prune(documentVector(firstPass[i].doc), settings.feedbackTerms());
      vectors.add(v);
      vocabulary.addAll(v.keySet());
    }
    float[] norms = new float[n];
    for (int i = 0; i < n; i++) {
      norms[i] = (float) l1(vectors.get(i));
    }
    Map<String, Float> model = new LinkedHashMap<>();
    for (String term : vocabulary) {
      float weight = 0f;
      for (int i = 0; i < n; i++) {
        if (norms[i] > 0.001f) {
          weight += (vectors.get(i).getOrDefault(term, 0f) / norms[i]) * firstPass[i].score;
        }
      }
      model.put(term, weight);
    }
    model = scaleToUnitL1(prune(model, settings.feedbackTerms()));
    TreeSet<String> all = new TreeSet<>(query.keySet());
    all.addAll(model.keySet());
    float alpha = settings.originalQueryWeight();
    Map<String, Float> mixed = new LinkedHashMap<>();
    for (String term : all) {
      mixed.put(term, (float) (alpha * query.getOrDefault(term, 0f) + (1.0 - alpha) * model.getOrDefault(term, 0f)));
    }
    return mixed;
  }

  private Map<String, Float> documentVector(int doc) throws IOException {
    Map<String, Float> v = new LinkedHashMap<>();
    Terms terms = reader.termVectors().get(doc, field);
    if (terms == null) {
      return v;
    }
    int numDocs = reader.numDocs();
    TermsEnum te = terms.iterator();
    for (BytesRef text = te.next(); text != null; text = te.next()) {
      String term = text.utf8ToString();
      if (term.length() < 2 || term.length() > 20 || !ALLOWED.matcher(term).matches()) {
        continue;
      }
      float ratio = (float) reader.docFreq(new Term(field, term)) / numDocs;
      if (ratio > settings.maxDocumentFrequencyRatio()) {
        continue;
      }
      v.put(term, (float) te.totalTermFreq());
    }
    return v;
  }

  private static Map<String, Float> prune(Map<String, Float> v, int k) {
    List<Map.Entry<String, Float>> entries = new ArrayList<>(v.entrySet());
    entries.sort(Map.Entry.<String, Float>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()));
    Map<String, Float> out = new LinkedHashMap<>();
    for (Map.Entry<String, Float> e : entries.subList(0, Math.min(k, entries.size()))) {
      out.put(e.getKey(), e.getValue());
    }
    return out;
  }

  private static double l1(Map<String, Float> v) {
    double norm = 0;
    for (float w : v.values()) {
      norm += Math.abs(w);
    }
    return norm;
  }

  private static Map<String, Float> scaleToUnitL1(Map<String, Float> v) {
    double norm = l1(v);
    Map<String, Float> out = new LinkedHashMap<>();
    v.forEach((t, w) -> out.put(t, (float) (w / norm)));
    return out;
  }
}
