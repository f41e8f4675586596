/**
 * Task-oriented asking (TOA): the asker -> oracle -> primary model SPIs, the Repeater baseline, HotpotQA's official
 * answer scoring, recovery with its 95% interval, and the masked-fact response rate. Metrics are pure functions.
 */
package io.clarq.core.toa;
