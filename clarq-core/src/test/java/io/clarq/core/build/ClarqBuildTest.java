package io.clarq.core.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ClarqBuildTest {
  private static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

  private static InputStream text(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void testCurrentIsThisBuild() {
    ClarqBuild b = ClarqBuild.current();
    // the POM's version, which surefire passes to the tests (the parent POM): the filtered resource agrees with it
    assertThat(System.getProperty("clarq.version")).isNotBlank();
    assertThat(b.version()).isEqualTo(System.getProperty("clarq.version"));
    assertThat(b.revision()).matches("[0-9a-f]{40}|unknown");
  }

  @Test
  void testReadsVersionAndRevision() {
    ClarqBuild b = ClarqBuild.load(text("version=1.2.3\n"), text("git.commit.id=" + COMMIT + "\ngit.dirty=true\n"));
    assertThat(b).isEqualTo(new ClarqBuild("1.2.3", COMMIT, true));
    assertThat(b.shortRevision()).isEqualTo("0123456789ab");
    assertThat(b).hasToString("1.2.3 (0123456789ab, modified)");
  }

  @Test
  void testWithoutGitTheRevisionIsUnknown() {
    ClarqBuild b = ClarqBuild.load(text("version=1.2.3\n"), null);
    assertThat(b).isEqualTo(new ClarqBuild("1.2.3", "unknown", false));
    assertThat(b).hasToString("1.2.3 (revision unknown)");
    // the plugin writes an empty file when it cannot read the repository
    assertThat(ClarqBuild.load(text("version=1.2.3\n"), text("")).revision()).isEqualTo("unknown");
  }

  @Test
  void testAnUnfilledVersionIsRefused() {
    assertThatThrownBy(() -> ClarqBuild.load(text("version=${project.version}\n"), null))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("build clarq-core with Maven");
    assertThatThrownBy(() -> ClarqBuild.load(null, null)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("clarq-version.properties is missing");
  }

  @Test
  void testValidates() {
    assertThatThrownBy(() -> new ClarqBuild("1", "abc", false)).hasMessageContaining("illegal git revision 'abc'");
    assertThatThrownBy(() -> new ClarqBuild(" ", COMMIT, false)).hasMessageContaining("illegal clarq version");
    assertThatThrownBy(() -> new ClarqBuild("1", "unknown", true)).hasMessageContaining("unknown revision");
  }
}
