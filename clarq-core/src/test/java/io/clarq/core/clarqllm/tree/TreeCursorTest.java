package io.clarq.core.clarqllm.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TreeCursorTest {
  private static ResponseTree tree(String... ids) {
    return new ResponseTree(java.util.Arrays.stream(ids)
        .map(id -> ResponseNode.of(NodeId.parse(id), "line " + id, null))
        .toList());
  }

  @Test
  void testOnlyRootAvailableAtStart() {
    TreeCursor c = tree("0", "1", "2", "1.1").start();
    assertThat(c.started()).isFalse();
    assertThat(c.available()).containsExactly(NodeId.ROOT);
  }

  @Test
  void testGivingUnlocksChildrenInNumericOrder() {
    TreeCursor c = tree("0", "10", "2", "1", "1.10", "1.9").start().give(NodeId.ROOT);
    assertThat(c.available()).extracting(NodeId::toString).containsExactly("1", "2", "10");
    c = c.give(NodeId.parse("1"));
    assertThat(c.available()).extracting(NodeId::toString).containsExactly("1.9", "1.10", "2", "10");
    assertThat(c.given()).extracting(NodeId::toString).containsExactly("0", "1");
  }

  @Test
  void testChildBeforeParentIsRefused() {
    TreeCursor c = tree("0", "1", "1.1").start().give(NodeId.ROOT);
    assertThatThrownBy(() -> c.give(NodeId.parse("1.1")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("\"1.1\": not available");
  }

  @Test
  void testTreeWithoutParentIsRejected() {
    assertThatThrownBy(() -> tree("0", "1", "3.1"))
        .hasMessage("illegal response tree: node id \"3.1\" has no parent \"3\"");
  }

  @Test
  void testNodeIdParseErrorNamesText() {
    assertThatThrownBy(() -> NodeId.parse("1..2")).hasMessageContaining("\"1..2\"");
    assertThat(NodeId.parse("1.2").parent()).contains(NodeId.parse("1"));
    assertThat(NodeId.parse("1").parent()).contains(NodeId.ROOT);
    assertThat(List.of(NodeId.parse("1.10"), NodeId.parse("1.9")).stream().sorted().map(NodeId::toString))
        .containsExactly("1.9", "1.10");
  }
}
