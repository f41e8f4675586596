/**
 * Reads the ClarQ-LLM files: the task directories ({@code tasks/English}, {@code tasks/Chinese}, 31 files of
 * 10 tasks) and the published results files (the six released runs, dialogues in {@code l2l[0]}).
 * Start with {@link io.clarq.datasets.clarqllm.ClarqLlmTasks}.
 */
package io.clarq.datasets.clarqllm;
