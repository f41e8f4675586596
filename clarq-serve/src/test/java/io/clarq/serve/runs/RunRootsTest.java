package io.clarq.serve.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ids resolve to real paths under their root only. */
class RunRootsTest {
  @TempDir Path tmp;

  @Test
  void testIdsResolveUnderTheirRootAndNothingElseDoes() throws Exception {
    Path a = Files.createDirectories(tmp.resolve("a/run/x"));
    Path b = Files.createDirectories(tmp.resolve("b"));
    Files.writeString(tmp.resolve("secret.json"), "{}");
    Files.writeString(b.resolve("f.json"), "{}");
    Files.createSymbolicLink(tmp.resolve("a/up"), tmp);
    Files.createSymbolicLink(tmp.resolve("a/inside"), a);
    RunRoots roots = new RunRoots(List.of(tmp.resolve("a"), b));
    assertThat(roots.resolve("0/run/x")).contains(a.toRealPath());
    assertThat(roots.resolve("1/f.json")).contains(b.resolve("f.json").toRealPath());
    assertThat(roots.resolve("0")).contains(tmp.resolve("a").toRealPath());
    // a link that stays inside its root is followed
    assertThat(roots.resolve("0/inside")).contains(a.toRealPath());
    assertThat(roots.idOf(0, a.toRealPath())).isEqualTo("0/run/x");
    for (String bad : List.of("0/../secret.json", "0/run/../../secret.json", "0/up/secret.json", "0/up",
        "/" + tmp.resolve("secret.json"), "0//secret.json", "0/./run", "0\\..\\secret.json", "2/f.json",
        "-1/f.json", "x/f.json", "", "0/run/missing", "0/c:x", "1/f.json\0")) {
      assertThat(roots.resolve(bad)).as(bad).isEmpty();
    }
    assertThatThrownBy(() -> new RunRoots(List.of(tmp.resolve("secret.json")))).hasMessageContaining("not a"
        + " directory");
    assertThatThrownBy(() -> new RunRoots(List.of())).hasMessageContaining("at least one directory");
  }
}
