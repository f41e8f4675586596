/**
 * Test support shared with the other modules through clarq-core's test-jar: locating the reference data, a scripted
 * in-process model, and a loopback fake OpenAI server ({@link io.clarq.core.testing.FakeOpenAiServer}) that replays
 * scripted replies and injects faults.
 */
package io.clarq.core.testing;
