/**
 * Statistics for benchmark figures as pure functions: Wilson intervals for success rates, seeded percentile
 * bootstrap intervals for means and paired differences, and McNemar's exact test for paired success outcomes.
 */
package io.clarq.core.stats;
