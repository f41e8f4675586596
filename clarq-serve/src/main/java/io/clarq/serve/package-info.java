/**
 * {@code clarq serve}: a local web server over run folders and human studies. The Javalin application and the
 * security helpers every page uses are internal ({@code io.clarq.serve.web}); {@link io.clarq.serve.runs} holds the
 * index of run folders and {@link io.clarq.serve.study} the human studies. Start with
 * {@link io.clarq.serve.ServeSettings}.
 */
package io.clarq.serve;
