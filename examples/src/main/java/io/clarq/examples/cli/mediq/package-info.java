/** {@code clarq mediq}: MediQ's commands: run (no model), evaluate (reference output files), conformance. */
package io.clarq.examples.cli.mediq;
