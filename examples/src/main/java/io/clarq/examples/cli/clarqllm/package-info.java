/** {@code clarq run}, {@code clarq evaluate} and the rest of ClarQ-LLM's commands: run, evaluate, conformance, play, rejudge, merge, report, the provider audit, judge agreement and the offline demo. */
package io.clarq.examples.cli.clarqllm;
