/**
 * Spreading one model's calls over several servers (replicas behind the same model name): least-in-flight routing,
 * benching of servers that keep failing, and per-server usage.
 * Start with {@link io.clarq.core.llm.route.EndpointPool}.
 */
package io.clarq.core.llm.route;
