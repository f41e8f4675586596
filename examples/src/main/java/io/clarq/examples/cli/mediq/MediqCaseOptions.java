package io.clarq.examples.cli.mediq;

import io.clarq.core.mediq.MediqCase;
import io.clarq.datasets.fetch.DataDirectory;
import io.clarq.datasets.mediq.MediqDataset;
import io.clarq.datasets.mediq.MediqReferencePack;
import io.clarq.datasets.mediq.MediqSplit;
import io.clarq.eval.mediq.MediqItem;
import io.clarq.examples.cli.DataDefaults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --data}, {@code --datasets} and {@code --limit}: which MediQ cases a run plays, and so which a merge of its
 * shards must be given the same way ({@code clarq mediq run} and {@code clarq mediq merge}).
 */
final class MediqCaseOptions {
  @Option(names = "--data", paramLabel = "DIR",
      description = "The folder holding all_craft_md.jsonl and all_dev_good.jsonl (default: mediq/data in the data"
          + " directory, after `clarq data fetch mediq`).")
  Path data;

  @Option(names = "--datasets", split = ",", paramLabel = "NAME", defaultValue = "craft_md,dev_good",
      description = "The data sets to play: craft_md, dev_good. Default: ${DEFAULT-VALUE}.")
  List<String> datasets;

  @Option(names = "--limit", paramLabel = "N",
      description = "Play only the first N cases of each data set.")
  Integer limit;

  /**
   * The run's items in its fixed order: each data set's cases in file order, trial 1 first, then each later trial.
   *
   * @throws CommandLine.ParameterException naming the data set or the missing file
   */
  List<MediqItem> items(CommandLine cl, DataDirectory dataDirectory, int trials) {
    Path folder = data != null ? data : dataDirectory.folder(MediqReferencePack.DATA_SET).resolve("data");
    List<MediqItem> items = new ArrayList<>();
    for (String name : datasets) {
      MediqSplit split;
      try {
        split = MediqSplit.named(name);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cl, e.getMessage());
      }
      if (!Files.isRegularFile(folder.resolve(split.file()))) {
        throw new CommandLine.ParameterException(cl, "no " + split.file() + " in " + folder
            + "; " + DataDefaults.fetchAdvice(cl.getCommandSpec(), MediqReferencePack.DATA_SET) + ", or give --data DIR");
      }
      List<MediqCase> cases = MediqDataset.load(folder, split);
      if (limit != null) {
        cases = cases.subList(0, Math.min(limit, cases.size()));
      }
      cases.forEach(c -> items.add(new MediqItem(split.key(), c)));
    }
    List<MediqItem> trial1 = List.copyOf(items);
    for (int t = 2; t <= trials; t++) {
      int trial = t;
      trial1.forEach(i -> items.add(new MediqItem(i.dataset(), i.mediqCase(), trial)));
    }
    return items;
  }

  /** The data directory the root command holds ($CLARQ_DATA, else ~/.clarq/data, unless a test gives another). */
  static DataDirectory dataDirectory(CommandLine.Model.CommandSpec spec) {
    Object root = spec.root().userObject();
    return root instanceof io.clarq.examples.cli.ClarqCommand c ? c.dataDirectory() : DataDirectory.ofEnvironment();
  }
}
