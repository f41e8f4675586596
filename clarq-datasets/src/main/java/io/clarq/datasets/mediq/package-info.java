/**
 * MediQ's formats: the two case files ({@link io.clarq.datasets.mediq.MediqDataset}) and the reference prompt pack,
 * derived from the MediQ code's Python sources at run time ({@link io.clarq.datasets.mediq.MediqReferencePack}).
 */
package io.clarq.datasets.mediq;
