/**
 * The run kernel: the one loop under every benchmark. A benchmark ({@link io.clarq.eval.kernel.Benchmark}) supplies
 * its items, how to play one and how to score the finished set; {@link io.clarq.eval.kernel.RunKernel} owns the
 * output-folder lock, the settings check ({@code run-config.json}), resuming, durable appends, the named pool,
 * progress, stopping early, shards and the one merge of every benchmark ({@link io.clarq.eval.kernel.ShardMerge}:
 * repeatable, digest-checked, failed shards refused), and calls the benchmark's end step.
 */
package io.clarq.eval.kernel;
