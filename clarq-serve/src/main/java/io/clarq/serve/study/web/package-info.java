/**
 * Internal: used by clarq's modules, not part of its API (left out of the javadoc; may change in any release).
 * The study pages over HTTP (Javalin): participant pages reached by their link token only (play a ClarQ-LLM dialogue
 * by typing, rate questions, play a MediQ case as the expert, leave and come back), admin pages behind the admin token (create and list studies,
 * progress, agreement, export), a CSRF token on every form, every typed text escaped, request bodies bounded, and no
 * stack trace on any page.
 */
package io.clarq.serve.study.web;
