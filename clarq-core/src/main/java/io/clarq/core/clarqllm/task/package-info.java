/**
 * ClarQ-LLM tasks: the language, task id and split, the seeker's briefing and the task itself
 * (briefing plus annotated response tree).
 * Start with {@link io.clarq.core.clarqllm.task.ClarqTask} and {@link io.clarq.core.clarqllm.task.TaskSet}.
 */
package io.clarq.core.clarqllm.task;
