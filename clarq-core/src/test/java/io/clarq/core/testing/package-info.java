/**
 * Test support shared with the other modules through clarq-core's test-jar: locating the reference data, a scripted
 * in-process model, a loopback fake OpenAI server ({@link io.clarq.core.testing.FakeOpenAiServer}) that replays
 * scripted replies and injects faults, and the contract suites every implementation of an SPI runs
 * ({@link io.clarq.core.testing.ProtocolNeutralLlmClientContract}, {@link io.clarq.core.testing.LlmClientContract},
 * {@link io.clarq.core.testing.SeekerAgentContract}, {@link io.clarq.core.testing.ProviderAgentContract},
 * {@link io.clarq.core.testing.JudgeContract}).
 */
package io.clarq.core.testing;
