/**
 * The part every results file of a run shares ({@code results.json}): which format, which build of clarq, when, which
 * benchmark, which models in which role on which servers, which prompt packs, deviations, settings, the figures and
 * the failures. Each benchmark adds its figures; the schemas in {@code docs/schemas/} describe the whole file.
 * Start with {@link io.clarq.eval.results.ResultsEnvelope}.
 */
package io.clarq.eval.results;
