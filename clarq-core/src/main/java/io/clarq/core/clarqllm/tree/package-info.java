/**
 * The annotated response tree of a ClarQ-LLM task and its gating: a node's children become available only
 * after the node has been given (docs/protocol/clarq-llm.md §2).
 * Start with {@link io.clarq.core.clarqllm.tree.ResponseTree} and {@link io.clarq.core.clarqllm.tree.TreeCursor}.
 */
package io.clarq.core.clarqllm.tree;
