/**
 * {@code clarq serve}: a local web server over run folders and human studies. {@link io.clarq.serve.web} holds the
 * Javalin application and the security helpers every page uses; {@link io.clarq.serve.runs} the index of run folders.
 */
package io.clarq.serve;
