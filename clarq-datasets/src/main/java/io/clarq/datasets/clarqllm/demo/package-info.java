/**
 * The demo tasks, written for clarq and shipped in the jar, so that {@code ClarqEvaluator.run()} can be tried with no
 * data set on disk.
 * Start with {@link io.clarq.datasets.clarqllm.demo.DemoTasks}.
 */
package io.clarq.datasets.clarqllm.demo;
