/**
 * Statistics for benchmark figures as pure functions: Wilson intervals for success rates, seeded percentile
 * bootstrap intervals for means and paired differences, McNemar's exact test for paired success outcomes, and
 * Cohen's and Fleiss' kappa for the agreement of raters.
 * Start with {@link io.clarq.core.stats.Wilson} and {@link io.clarq.core.stats.Bootstrap}.
 */
package io.clarq.core.stats;
