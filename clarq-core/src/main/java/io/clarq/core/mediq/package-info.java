/**
 * MediQ (Li et al., NeurIPS 2024): an expert asks a simulated patient questions or answers a multiple-choice clinical
 * question. The cases ({@link io.clarq.core.mediq.MediqCase}), the expert and patient SPIs
 * ({@link io.clarq.core.mediq.Expert}, {@link io.clarq.core.mediq.Patient}), and the reference code's experts and
 * patients as LLM agents, which send the requests the reference code sends when given its prompt pack.
 */
package io.clarq.core.mediq;
