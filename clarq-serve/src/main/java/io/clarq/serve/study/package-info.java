/**
 * Human studies as library logic, independent of HTTP: a study's spec and its balanced assignment of tasks to
 * participants, the SQLite store under the study folder (every turn durable before it is shown), the participant
 * sessions (a person as the ClarQ-LLM seeker against the provider agent; a person rating clarifying questions; a
 * person as MediQ's expert asking the simulated patient), the
 * raters' agreement, and the export of finished work as ordinary run folders.
 * Start with {@link io.clarq.serve.study.StudySpec} and {@link io.clarq.serve.study.Study}.
 */
package io.clarq.serve.study;
