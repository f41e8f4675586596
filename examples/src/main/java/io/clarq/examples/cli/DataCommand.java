package io.clarq.examples.cli;

import io.clarq.datasets.clarqllm.reference.ClarqLlmReference;
import io.clarq.datasets.fetch.DataCatalog;
import io.clarq.datasets.fetch.DataDirectory;
import io.clarq.datasets.fetch.DataFetcher;
import io.clarq.datasets.fetch.DataFile;
import io.clarq.datasets.fetch.DataSet;
import io.clarq.datasets.fetch.DerivedCheck;
import io.clarq.datasets.fetch.FetchListener;
import io.clarq.datasets.fetch.FileCheck;
import io.clarq.datasets.fetch.NotFetchable;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code clarq data list|fetch|verify}: the public data sets, fetched once into the data directory and checked. */
@Command(
    name = "data",
    mixinStandardHelpOptions = true,
    header = "Fetches the public data sets, pinned and checksummed, into the data directory; lists and verifies them.",
    description = {
      "Fetches the public data sets into the data directory and checks them: every file is pinned to an upstream",
      "commit with its size and SHA-256. The data directory is --dir, else $CLARQ_DATA, else ~/.clarq/data; the",
      "other commands read their data from there when their path options are not given."
    },
    subcommands = {DataCommand.ListCommand.class, DataCommand.FetchCommand.class, DataCommand.VerifyCommand.class})
public final class DataCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The {@code --dir} option shared by the three subcommands. */
  static final class DirOption {
    @Option(names = "--dir", paramLabel = "DIR",
        description = "The data directory. Default: $CLARQ_DATA, else ~/.clarq/data.")
    Path dir;

    DataDirectory resolve(CommandLine.Model.CommandSpec spec) {
      return dir != null ? new DataDirectory(dir) : DataDefaults.directory(spec);
    }
  }

  private static List<DataSet> named(DataCatalog catalog, List<String> names, CommandLine cl) {
    List<DataSet> sets = new ArrayList<>();
    for (String n : names) {
      try {
        sets.add(catalog.get(n));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cl, e.getMessage());
      }
    }
    return sets;
  }

  private static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
  }

  /** The files the fetch of {@code set} derived, checked against their recorded digests (none for most sets). */
  static List<DerivedCheck> derived(DataSet set, DataDirectory data) throws IOException {
    return set.name().equals(ClarqLlmReference.DATA_SET) ? ClarqLlmReference.verifyDerived(data) : List.of();
  }

  /** State of a data set in one word or phrase, from its file checks. */
  static String state(List<FileCheck> checks) {
    return state(checks, List.of());
  }

  /** State of a data set in one word or phrase, from its file checks and those of the files its fetch derived. */
  static String state(List<FileCheck> checks, List<DerivedCheck> derived) {
    long missing = checks.stream().filter(c -> c.status() == FileCheck.Status.MISSING).count();
    long bad = checks.stream().filter(c -> c.status() == FileCheck.Status.MISMATCH).count();
    if (bad > 0) {
      return bad + " file(s) MISMATCH";
    }
    long changed = derived.stream().filter(c -> c.status() == DerivedCheck.Status.MODIFIED
        || c.status() == DerivedCheck.Status.ADDED).count();
    if (changed > 0 && missing < checks.size()) {
      return changed + " derived file(s) MODIFIED";
    }
    if (missing == checks.size()) {
      return "not fetched";
    }
    if (missing > 0) {
      return missing + " of " + checks.size() + " files missing";
    }
    if (derived.stream().anyMatch(c -> c.status() == DerivedCheck.Status.MISSING)) {
      return "derived files missing";
    }
    return checks.stream().allMatch(c -> c.status() == FileCheck.Status.VERIFIED)
        && derived.stream().allMatch(c -> c.status() == DerivedCheck.Status.VERIFIED) ? "present, verified"
        : "present, partly unchecked";
  }

  @Command(name = "list", mixinStandardHelpOptions = true,
      description = "Lists the data sets: name, files, size, licence, whether present and verified, what it is.")
  static final class ListCommand implements Callable<Integer> {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;
    @CommandLine.Mixin DirOption dir;

    @Override
    public Integer call() throws IOException {
      DataDirectory data = dir.resolve(spec);
      PrintWriter out = spec.commandLine().getOut();
      out.println("data directory: " + data.root());
      out.printf(Locale.ROOT, "%-19s %5s %9s  %-22s %s%n", "name", "files", "size", "state", "licence");
      for (DataSet set : DataCatalog.builtIn().all()) {
        out.printf(Locale.ROOT, "%-19s %5d %9s  %-22s %s%n", set.name(), set.files().size(),
            set.fullyPinned() ? megabytes(set.pinnedBytes()) : "unpinned", state(DataFetcher.verify(set, data),
                derived(set, data)),
            set.licence());
        out.println("    " + set.title() + "; " + set.repository() + " @ " + set.commit());
      }
      out.flush();
      return 0;
    }
  }

  @Command(name = "fetch", mixinStandardHelpOptions = true,
      description = {
        "Downloads data sets into the data directory. Each file goes to NAME.part, an interrupted download is",
        "continued with a range request, and the file is renamed into place only once its size and SHA-256 match",
        "the pinned ones; files already there and verified are skipped. Progress goes to stderr.",
        "After fetching clarq-llm-reference (the reference code) it derives, in Java, the paper's prompt pack",
        "(reference-prompts/) and the GPT-4o judge verdicts (judge-verdicts.jsonl) into the same folder; after",
        "fetching mediq, the MediQ reference prompt pack (reference-prompts/) from the MediQ code's sources."
      })
  static final class FetchCommand implements Callable<Integer> {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;
    @CommandLine.Mixin DirOption dir;

    @Parameters(arity = "1..*", paramLabel = "NAME",
        description = "Data sets: clarq-llm, clariq, clariq-fkw, hotpotqa-dev, cacm, clarq-llm-reference, mediq (see"
            + " clarq data list).")
    List<String> names;

    @Option(names = "--mirror", paramLabel = "URL",
        description = "Fetch from this mirror instead of the upstream origins; it holds MIRROR/NAME/PATH, the"
            + " layout of a data directory.")
    URI mirror;

    @Option(names = "--read-timeout", defaultValue = "30", paramLabel = "SECONDS",
        description = "Give a download up when no byte arrives for this long (decimals allowed); its .part file is"
            + " kept and the next fetch continues it. Default: ${DEFAULT-VALUE}.")
    double readTimeout;

    @Override
    public Integer call() throws IOException {
      if (!(readTimeout * 1000 >= 1) || Double.isInfinite(readTimeout)) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--read-timeout must be at least 0.001 seconds,"
            + " got " + readTimeout);
      }
      List<DataSet> sets = named(DataCatalog.builtIn(), names, spec.commandLine());
      DataDirectory data = dir.resolve(spec);
      PrintWriter err = spec.commandLine().getErr();
      DataFetcher fetcher = DataFetcher.create(java.time.Duration.ofMillis(Math.round(readTimeout * 1000)));
      for (DataSet set : sets) {
        err.println("fetching " + set.name() + " (" + set.files().size() + " files) into " + data.folder(set.name())
            + " from " + (mirror != null ? mirror : set.origin()));
        err.flush();
        try {
          fetcher.fetch(set, data, Optional.ofNullable(mirror), new Progress(err, set));
        } catch (java.nio.file.FileSystemException e) {
          throw new IOException("cannot fetch " + set.name() + " into " + data.folder(set.name()) + ": "
              + folderProblem(e) + "; move it away or give another --dir"); // the message holds all the cause says
        }
        for (NotFetchable n : set.notFetchable()) {
          err.println("  not fetched: " + n.path() + " (" + n.why() + ")");
        }
        err.println(set.name() + ": all " + set.files().size() + " files verified in " + data.folder(set.name()));
        if (set.name().equals(ClarqLlmReference.DATA_SET)) {
          ClarqLlmReference.Derived d = ClarqLlmReference.derive(data);
          err.println("  derived: " + d.prompts() + " (the reference prompt pack, reference@"
              + io.clarq.core.prompt.PromptPack.REFERENCE_DIGEST + ") and " + d.verdicts() + " ("
              + d.verdictCount() + " GPT-4o judge verdicts)");
        }
        if (set.name().equals(io.clarq.datasets.mediq.MediqReferencePack.DATA_SET)) {
          java.nio.file.Path folder = data.folder(set.name());
          io.clarq.core.prompt.PromptPack p = io.clarq.datasets.mediq.MediqReferencePack.write(
              folder.resolve(io.clarq.datasets.mediq.MediqReferencePack.UPSTREAM),
              folder.resolve(io.clarq.datasets.mediq.MediqReferencePack.FOLDER));
          err.println("  derived: " + p.source() + " (the MediQ reference prompt pack, " + p.id() + ")");
        }
        err.flush();
      }
      return 0;
    }
  }

  /** What a file-system failure while fetching means for the person: which path is in the way and why. */
  static String folderProblem(java.nio.file.FileSystemException e) {
    String path = e.getFile() == null ? "a path" : e.getFile();
    if (e instanceof java.nio.file.FileAlreadyExistsException) {
      return path + " is a file where a folder is needed";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return path + ": permission denied";
    }
    String why = e.getReason() != null ? e.getReason() : e.getClass().getSimpleName();
    if ("Not a directory".equals(why)) {
      return path + ": a file on the way there is not a folder";
    }
    return path + ": " + why;
  }

  /** Prints a line per file and a line per 8 MB of a large download on stderr. */
  private static final class Progress implements FetchListener {
    private static final long REPORT_EVERY = 8L << 20;

    private final PrintWriter err;
    private final int total;
    private int index;
    private long reported;

    Progress(PrintWriter err, DataSet set) {
      this.err = err;
      this.total = set.files().size();
    }

    @Override
    public void started(DataFile file, URI source, long offset, OptionalLong size) {
      reported = offset;
    }

    @Override
    public void progress(DataFile file, long done, OptionalLong size) {
      if (done - reported >= REPORT_EVERY) {
        reported = done;
        err.println("  " + file.path() + ": " + megabytes(done) + (size.isPresent() ? " of "
            + megabytes(size.getAsLong()) : ""));
        err.flush();
      }
    }

    @Override
    public void finished(DataFile file, Outcome outcome) {
      index++;
      String what = switch (outcome) {
        case ALREADY_VERIFIED -> "already verified";
        case DOWNLOADED -> "downloaded, verified";
        case RESUMED -> "resumed, verified";
      };
      err.printf(Locale.ROOT, "  [%d/%d] %s: %s%n", index, total, file.path(), what);
      err.flush();
    }
  }

  @Command(name = "verify", mixinStandardHelpOptions = true,
      description = {
        "Checks the size and SHA-256 of every file of the named data sets (default: every data set present) against",
        "the pinned ones and names each missing or different file with both digests. The files a fetch derived",
        "(clarq-llm-reference: the prompt pack and the judge verdicts) are checked against the SHA-256 the fetch",
        "recorded, and an edited, removed or added one is named. Exit 1 when any file is missing or differs."
      })
  static final class VerifyCommand implements Callable<Integer> {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;
    @CommandLine.Mixin DirOption dir;

    @Parameters(arity = "0..*", paramLabel = "NAME", description = "Data sets to check. Default: those present.")
    List<String> names = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
      DataCatalog catalog = DataCatalog.builtIn();
      DataDirectory data = dir.resolve(spec);
      List<DataSet> sets = names.isEmpty() ? catalog.all() : named(catalog, names, spec.commandLine());
      PrintWriter out = spec.commandLine().getOut();
      boolean ok = true;
      int checked = 0;
      for (DataSet set : sets) {
        List<FileCheck> checks = DataFetcher.verify(set, data);
        List<DerivedCheck> derived = derived(set, data);
        String state = state(checks, derived);
        if (names.isEmpty() && state.equals("not fetched")) {
          continue;
        }
        checked++;
        out.println(set.name() + ": " + state);
        boolean repairable = false;
        for (FileCheck c : checks) {
          if (c.status() != FileCheck.Status.VERIFIED) {
            out.println("  " + c.describe());
            ok &= c.status().usable();
            repairable |= c.status() == FileCheck.Status.MISSING || c.status() == FileCheck.Status.MISMATCH;
          }
        }
        if (checks.stream().anyMatch(c -> c.status() != FileCheck.Status.MISSING)) {
          // what the fetch derived from the files is pinned too: an edit is named, never "verified"
          for (DerivedCheck c : derived) {
            if (c.status() != DerivedCheck.Status.VERIFIED) {
              out.println("  " + c.describe());
              ok = false;
              repairable = true;
            }
          }
        }
        if (repairable) {
          out.println("  repair: clarq data fetch " + set.name() + (dir.dir == null ? "" : " --dir " + dir.dir)
              + " (downloads the missing and differing files again" + (derived.isEmpty() ? ""
                  : " and derives the derived files anew") + ")");
        }
      }
      if (checked == 0) {
        out.println("no data set in " + data.root() + ": run `clarq data fetch NAME` (see clarq data list)");
      }
      out.flush();
      return ok ? 0 : 1;
    }
  }
}
