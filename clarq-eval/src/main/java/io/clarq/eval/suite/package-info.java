/**
 * Suites: one file naming several benchmark runs (each benchmark's split or sample, trials, and the model of every role
 * but the asking agent's), so that one agent is run on all of them and an experiment is a file a lab can share and
 * rerun. Start at {@link io.clarq.eval.suite.SuiteFile#read}; {@link io.clarq.eval.suite.SuiteFile#builtIn} is clarq's
 * default suite and {@link io.clarq.eval.suite.SuiteFile#rehearsal} its model-free form.
 */
package io.clarq.eval.suite;
