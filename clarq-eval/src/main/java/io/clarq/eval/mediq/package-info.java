/**
 * MediQ in clarq-eval: playing one case as the reference's benchmark loop plays it
 * ({@link io.clarq.eval.mediq.MediqInterview}), its outcome, and conformance with the reference code: replaying the
 * reference traces and checking every request byte for byte and every case's outcome
 * ({@link io.clarq.eval.mediq.MediqConformance}).
 */
package io.clarq.eval.mediq;
