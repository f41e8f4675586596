/**
 * A provider played by a person at a terminal (the paper's L2H setup): the response tree is shown with the nodes
 * available now, and the person answers each seeker line by giving nodes or typing a reply.
 * Start with {@link io.clarq.core.clarqllm.provider.console.ConsoleProvider}.
 */
package io.clarq.core.clarqllm.provider.console;
