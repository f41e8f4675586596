/** The demo's own ClarQ-LLM tasks, written for clarq and shipped in the jar, and how to load them. */
package io.clarq.examples.demo;
