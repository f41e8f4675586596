/**
 * ClarQ-LLM tasks: the language, task id and split, the seeker's briefing and the task itself
 * (briefing plus annotated response tree).
 */
package io.clarq.core.clarqllm.task;
