/**
 * Prompt packs: every prompt and fixed utterance the LLM-backed ClarQ-LLM agents (provider, multi-info merge,
 * seekers, judge) send or say, loaded at run time from a directory of template files. The reference pack reproduces
 * the paper's code byte for byte; clarq's own pack, in this module's resources, has the same layout.
 */
package io.clarq.core.prompt;
