package io.clarq.eval.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ShardEnvironmentTest {
  private static ShardEnvironment.Found read(Map<String, String> env, OptionalInt shards) {
    return ShardEnvironment.read(env::get, shards).orElseThrow();
  }

  @Test
  void testSlurmArrayTaskBecomesItsShard() {
    // sbatch --array=0-2: the second task
    Map<String, String> env = Map.of("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_MIN", "0",
        "SLURM_ARRAY_TASK_MAX", "2", "SLURM_ARRAY_TASK_COUNT", "3", "SLURM_ARRAY_TASK_STEP", "1");
    assertThat(read(env, OptionalInt.empty()).shard()).isEqualTo(new Shard(2, 3));
    assertThat(read(env, OptionalInt.empty()).source()).isEqualTo("SLURM_ARRAY_TASK_ID=1 of 0-2");
    // an array numbered from 5 is the same three shards
    assertThat(read(Map.of("SLURM_ARRAY_TASK_ID", "7", "SLURM_ARRAY_TASK_MIN", "5", "SLURM_ARRAY_TASK_MAX", "7",
        "SLURM_ARRAY_TASK_COUNT", "3"), OptionalInt.empty()).shard()).isEqualTo(new Shard(3, 3));
  }

  @Test
  void testAnArrayWithAStepOrGapsIsRefusedNamingTheVariables() {
    assertThatThrownBy(() -> read(Map.of("SLURM_ARRAY_TASK_ID", "2", "SLURM_ARRAY_TASK_MIN", "0",
        "SLURM_ARRAY_TASK_MAX", "4", "SLURM_ARRAY_TASK_COUNT", "3", "SLURM_ARRAY_TASK_STEP", "2"), OptionalInt.empty()))
        .hasMessageStartingWith("SLURM_ARRAY_TASK_STEP=2: an array with a step");
    // --array=0,1,5
    assertThatThrownBy(() -> read(Map.of("SLURM_ARRAY_TASK_ID", "5", "SLURM_ARRAY_TASK_MIN", "0",
        "SLURM_ARRAY_TASK_MAX", "5", "SLURM_ARRAY_TASK_COUNT", "3"), OptionalInt.empty()))
        .hasMessageStartingWith("SLURM_ARRAY_TASK_MIN=0, SLURM_ARRAY_TASK_MAX=5, SLURM_ARRAY_TASK_COUNT=3: an array "
            + "with gaps");
    assertThatThrownBy(() -> read(Map.of("SLURM_ARRAY_TASK_ID", "1"), OptionalInt.empty()))
        .hasMessageContaining("SLURM_ARRAY_TASK_COUNT is not set");
    assertThatThrownBy(() -> read(Map.of("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_MIN", "0",
        "SLURM_ARRAY_TASK_MAX", "2", "SLURM_ARRAY_TASK_COUNT", "3"), OptionalInt.of(4)))
        .hasMessageContaining("--shards 4 but SLURM_ARRAY_TASK_COUNT=3");
  }

  @Test
  void testATaskOutsideItsArrayAndAnEmptyArrayNameTheVariables() {
    // SLURM_ARRAY_TASK_ID=6 of --array=0-2: no shard of 1 to 3 ("illegal shard 7/3" before)
    assertThatThrownBy(() -> read(Map.of("SLURM_ARRAY_TASK_ID", "6", "SLURM_ARRAY_TASK_MIN", "0",
        "SLURM_ARRAY_TASK_MAX", "2", "SLURM_ARRAY_TASK_COUNT", "3"), OptionalInt.empty()))
        .hasMessage("SLURM_ARRAY_TASK_ID=6 is outside the array SLURM_ARRAY_TASK_MIN=0 to SLURM_ARRAY_TASK_MAX=2"
            + " (SLURM_ARRAY_TASK_COUNT=3), so it names no shard of 1 to 3; give --shard I/N");
    // a count of 0 is not an array with gaps
    assertThatThrownBy(() -> read(Map.of("SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_MIN", "0",
        "SLURM_ARRAY_TASK_MAX", "0", "SLURM_ARRAY_TASK_COUNT", "0"), OptionalInt.empty()))
        .hasMessageStartingWith("SLURM_ARRAY_TASK_COUNT=0: an array job has at least one task")
        .hasMessageContaining("SLURM_ARRAY_TASK_ID=0").hasMessageNotContaining("gaps");
    assertThatThrownBy(() -> read(Map.of("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MIN", "5",
        "SLURM_ARRAY_TASK_MAX", "2", "SLURM_ARRAY_TASK_COUNT", "3"), OptionalInt.empty()))
        .hasMessageStartingWith("SLURM_ARRAY_TASK_MIN=5 is above SLURM_ARRAY_TASK_MAX=2");
  }

  @Test
  void testAnOutputPathWithAnotherPlaceholderIsRefused() {
    Shard two = new Shard(2, 3);
    assertThat(ShardEnvironment.expand("runs/{shard}/x-{shard}", two)).isEqualTo("runs/2/x-2");
    assertThatThrownBy(() -> ShardEnvironment.expand("runs/{shards}", two))
        .hasMessage("runs/{shards}: unknown placeholder {shards}; the only one is {shard} (the shard's index)");
    assertThatThrownBy(() -> ShardEnvironment.expand("runs/shard-{}", two))
        .hasMessageContaining("unknown placeholder {}");
    assertThatThrownBy(() -> ShardEnvironment.expand("runs/{shard", two)).hasMessageContaining("an unmatched brace");
  }

  @Test
  void testKubernetesIndexedJobNeedsTheCount() {
    assertThat(read(Map.of("JOB_COMPLETION_INDEX", "0"), OptionalInt.of(4)).shard()).isEqualTo(new Shard(1, 4));
    assertThatThrownBy(() -> read(Map.of("JOB_COMPLETION_INDEX", "0"), OptionalInt.empty()))
        .hasMessageContaining("give --shards N");
    assertThatThrownBy(() -> read(Map.of("JOB_COMPLETION_INDEX", "4"), OptionalInt.of(4)))
        .hasMessageContaining("JOB_COMPLETION_INDEX=4 is not an index of --shards 4");
  }

  @Test
  void testNoArrayJobNamesNoShardAndOutputFoldersTakeTheIndex() {
    assertThat(ShardEnvironment.read(Map.<String, String>of()::get, OptionalInt.empty())).isEmpty();
    assertThat(ShardEnvironment.expand("runs/exp/shard-{shard}", new Shard(2, 3))).isEqualTo("runs/exp/shard-2");
  }
}
