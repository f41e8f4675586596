/**
 * The TOA pipeline over FLM examples: asker -> oracle -> primary model per example, many examples at once on named
 * threads, results appended per finished example so that a rerun resumes, and the run's summary figures.
 * Start with {@link io.clarq.eval.toa.ToaRun}.
 */
package io.clarq.eval.toa;
