/**
 * Dialogues between a seeker and a provider: speaker-tagged utterances and why the dialogue ended. Start with
 * {@link io.clarq.core.dialogue.Dialogue}, a list of {@link io.clarq.core.dialogue.Utterance}s.
 */
package io.clarq.core.dialogue;
