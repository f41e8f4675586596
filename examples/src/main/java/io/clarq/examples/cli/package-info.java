/**
 * The {@code clarq} command (picocli), built as {@code examples/target/clarq.jar}: one subcommand per job, exit code
 * 0 on success, 2 on bad arguments, 1 on failure.
 */
package io.clarq.examples.cli;
