/**
 * Running ClarQ-LLM: {@link io.clarq.eval.clarqllm.ClarqEvaluator#run} plays every selected task between a seeker and a
 * provider, many dialogues at once, appends each finished dialogue to a JSONL transcript at once, resumes a killed
 * run, and scores the result (results JSON, Markdown summary). {@link io.clarq.eval.clarqllm.RunForecasts} forecasts what a
 * run will spend before it plays.
 */
package io.clarq.eval.clarqllm;
