package io.clarq.core.clarqllm.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResponseTreeTest {
  private static ResponseNode node(String id) {
    return ResponseNode.of(NodeId.parse(id), "line " + id, id.equals("0") ? null : "purpose " + id);
  }

  @Test
  void testNodeIdParseOrderAndParent() {
    assertThat(NodeId.parse("1.10")).isGreaterThan(NodeId.parse("1.9"));
    assertThat(NodeId.parse("1")).isLessThan(NodeId.parse("1.1"));
    assertThat(NodeId.parse("2.1.3").parent()).contains(NodeId.parse("2.1"));
    assertThat(NodeId.parse("2").parent()).contains(NodeId.ROOT);
    assertThat(NodeId.ROOT.parent()).isEmpty();
    assertThat(NodeId.parse("1.1.1.1").depth()).isEqualTo(4);
    assertThat(NodeId.parse(" 3.1 ")).hasToString("3.1");
    assertThatThrownBy(() -> NodeId.parse("1..2")).hasMessageContaining("illegal node id \"1..2\"");
    assertThatThrownBy(() -> NodeId.parse("")).hasMessage("illegal node id \"\": empty");
    assertThatThrownBy(() -> NodeId.parse("0.1")).hasMessageContaining("the root \"0\" has no children ids");
  }

  @Test
  void testListingOrderIsKeptAndChildrenSorted() {
    // not pre-order, as in 3 released tasks per language
    ResponseTree t = new ResponseTree(List.of(node("0"), node("1"), node("2"), node("1.2"), node("1.1")));
    assertThat(t.goldNodes()).extracting(n -> n.id().toString()).containsExactly("1", "2", "1.2", "1.1");
    assertThat(t.children(NodeId.parse("1"))).extracting(NodeId::toString).containsExactly("1.1", "1.2");
    assertThat(t.size()).isEqualTo(4);
    assertThat(t.maxDepth()).isEqualTo(2);
    assertThat(t.node(NodeId.parse("1.2")).purpose()).contains("purpose 1.2");
  }

  @Test
  void testInvalidTrees() {
    assertThatThrownBy(() -> new ResponseTree(List.of(node("1"))))
        .hasMessage("illegal response tree: the first node must be \"0\", the opening statement");
    assertThatThrownBy(() -> new ResponseTree(List.of(node("0"), node("1"), node("1"))))
        .hasMessage("illegal response tree: node id \"1\" appears twice");
    assertThatThrownBy(() -> new ResponseTree(List.of(node("0"), node("2.1"))))
        .hasMessage("illegal response tree: node id \"2.1\" has no parent \"2\"");
    assertThatThrownBy(() -> ResponseNode.of(NodeId.ROOT, " ", null))
        .hasMessage("illegal response node 0: text is blank");
    assertThatThrownBy(() -> new ResponseTree(List.of(node("0"))).node(NodeId.parse("4")))
        .hasMessage("no node \"4\" in this response tree");
  }
}
