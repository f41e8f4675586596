package io.clarq.datasets.mediq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.prompt.PackBehaviour;
import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.SharedData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MediqReferencePackTest {
  @Test
  void testDerivesEveryTemplateOfTheLayoutFromThePinnedSources(@TempDir Path dir) throws Exception {
    Path upstream = SharedData.require("mediq/upstream");
    PromptPack pack = MediqReferencePack.load(upstream);
    assertThat(pack.layout()).isEqualTo(PackLayout.MEDIQ);
    assertThat(pack.behaviour()).isEqualTo(PackBehaviour.REFERENCE);
    assertThat(pack.name()).isEqualTo(MediqReferencePack.NAME);
    assertThat(pack.template("expert/case").placeholders())
        .containsExactly("patient_info", "conversation_log", "inquiry", "options", "task");
    assertThat(pack.template("patient/fact_select").placeholders()).containsExactly("facts", "question");
    assertThat(pack.template("patient/direct").placeholders()).containsExactly("initial_info", "question");
    for (String t : PackLayout.MEDIQ.templates()) {
      assertThat(pack.template(t).text()).as(t).isNotBlank();
    }
    // the derived pack on disk is the same pack
    PromptPack written = MediqReferencePack.write(upstream, dir.resolve("pack"));
    assertThat(written.digest()).isEqualTo(pack.digest());
    assertThat(PromptPack.load(dir.resolve("pack")).layout()).isEqualTo(PackLayout.MEDIQ);
  }

  @Test
  void testASourceThatIsNotThePinnedFileIsRefusedNamingIt(@TempDir Path dir) throws Exception {
    Path upstream = SharedData.require("mediq/upstream");
    for (String f : MediqReferencePack.SOURCES.keySet()) {
      Files.createDirectories(dir.resolve(f).getParent());
      Files.copy(upstream.resolve(f), dir.resolve(f));
    }
    Files.writeString(dir.resolve("src/patient.py"), Files.readString(dir.resolve("src/patient.py")) + "\n#\n");
    assertThatThrownBy(() -> MediqReferencePack.load(dir)).hasMessageContaining("patient.py is not the pinned MediQ"
        + " file");
    Files.delete(dir.resolve("src/patient.py"));
    assertThatThrownBy(() -> MediqReferencePack.load(dir)).hasMessageContaining("src/patient.py")
        .hasMessageContaining("clarq data fetch mediq");
  }

  @Test
  void testTheCaseFrameMustHaveFivePositionalFields() {
    Map<String, String> src = Map.of("src/prompts.py", "expert_system = {\"curr_template\": \"{} {}\"}\n",
        "src/patient.py", "");
    assertThatThrownBy(() -> MediqReferencePack.derive(src)).hasMessageContaining("meditron_system_msg");
  }
}
