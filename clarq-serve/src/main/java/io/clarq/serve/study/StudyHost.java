package io.clarq.serve.study;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The studies under one folder ({@code ROOT/NAME/} each), opened on first use and kept open with their sessions:
 * what a server hosts. Opening a study again after a restart finds every session as the store holds it.
 */
public final class StudyHost implements AutoCloseable {
  private final Path root;
  private final Map<String, Hosted> open = new TreeMap<>();

  /** A study with its participant sessions: those of its mode present, the others empty. */
  public record Hosted(Study study, Optional<SeekerSessions> seekers, Optional<RatingSessions> ratings,
      Optional<ProviderSessions> providers, Optional<ExpertSessions> experts) {
    /** A human-seeker or rating study's sessions. */
    public Hosted(Study study, Optional<SeekerSessions> seekers, Optional<RatingSessions> ratings) {
      this(study, seekers, ratings, Optional.empty(), Optional.empty());
    }
  }

  public StudyHost(Path root) {
    this.root = Objects.requireNonNull(root, "root");
    try {
      Files.createDirectories(root);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the studies folder " + root + ": " + e.getMessage(), e);
    }
  }

  /** The folder holding the studies. */
  public Path root() {
    return root;
  }

  /** Creates a study in {@code ROOT/NAME} and hosts it. */
  public synchronized Hosted create(StudySpec spec) {
    if (Files.exists(root.resolve(spec.name()))) {
      throw new IllegalArgumentException("a study named " + spec.name() + " exists already in " + root);
    }
    Study study = Study.create(spec, root.resolve(spec.name()));
    return host(study);
  }

  /** The names of the studies under the root, sorted. */
  public synchronized List<String> names() {
    List<String> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(root)) {
      s.filter(d -> Files.isRegularFile(d.resolve(Study.SPEC))).map(d -> d.getFileName().toString()).sorted()
          .forEach(out::add);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the studies in " + root + ": " + e.getMessage(), e);
    }
    return out;
  }

  /** The hosted study of that name, opened if need be; empty when there is none (or the name is no study name). */
  public synchronized Optional<Hosted> find(String name) {
    Hosted h = open.get(name);
    if (h != null) {
      return Optional.of(h);
    }
    if (!names().contains(name)) {
      return Optional.empty();
    }
    return Optional.of(host(Study.open(root.resolve(name))));
  }

  private Hosted host(Study study) {
    Hosted h = new Hosted(study,
        study.spec().mode() == StudyMode.HUMAN_SEEKER ? Optional.of(new SeekerSessions(study)) : Optional.empty(),
        study.spec().mode() == StudyMode.RATING ? Optional.of(new RatingSessions(study)) : Optional.empty(),
        study.spec().mode() == StudyMode.HUMAN_PROVIDER ? Optional.of(new ProviderSessions(study)) : Optional.empty(),
        study.spec().mode() == StudyMode.HUMAN_EXPERT ? Optional.of(new ExpertSessions(study)) : Optional.empty());
    open.put(study.name(), h);
    return h;
  }

  @Override
  public synchronized void close() {
    open.values().forEach(h -> h.study().close());
    open.clear();
  }
}
