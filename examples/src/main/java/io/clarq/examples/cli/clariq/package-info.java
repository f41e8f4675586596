/** {@code clarq clariq} and {@code clarq retrieval}: ClariQ's commands: clarification need, question ranking, multi-turn selection, synthetic conversations, the official evaluation and document retrieval. */
package io.clarq.examples.cli.clariq;
