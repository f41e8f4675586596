/** Dialogues between a seeker and a provider: speaker-tagged utterances and why the dialogue ended. */
package io.clarq.core.dialogue;
