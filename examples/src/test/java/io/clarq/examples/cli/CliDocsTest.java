package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.GeneratedDocs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/cli.md's command reference is the commands' help as the command tree gives it now. */
class CliDocsTest {
  @Test
  void testCliReferenceIsTheCommandsHelp() throws Exception {
    Path root = GeneratedDocs.repositoryRoot();
    Path cliMd = root.resolve("docs/cli.md");
    assertThat(Files.readString(cliMd)).contains(GeneratedDocs.OPEN + "cli -->");
    List<String> stale = GeneratedDocs.check(root, List.of(cliMd), CliReference::generate);
    assertThat(stale).as("docs/cli.md differs from the commands' help; regenerate it from the repository root with\n  "
        + CliReference.COMMAND + "\n").isEmpty();
  }

  @Test
  void testChangedHelpMakesTheReferenceStale() throws Exception {
    String page = Files.readString(GeneratedDocs.repositoryRoot().resolve("docs/cli.md"));
    String fresh = GeneratedDocs.regenerate("docs/cli.md", page, CliReference::generate);
    assertThat(fresh).contains("## `clarq`\n").contains("## `clarq clariq eval`\n").contains("## `clarq toa run`\n")
        .doesNotContain("## `clarq help`");
    // an option described otherwise than the command describes it is put back
    String edited = fresh.replace("Log messages at this level", "Logs messages at this level");
    assertThat(edited).isNotEqualTo(fresh);
    assertThat(GeneratedDocs.regenerate("docs/cli.md", edited, CliReference::generate)).isEqualTo(fresh);
  }
}
