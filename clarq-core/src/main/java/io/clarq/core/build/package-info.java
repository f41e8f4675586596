/**
 * What build of clarq is running: its version and the git revision it was built from, as the build recorded them,
 * so that every results file can say which code produced it.
 * Start with {@link io.clarq.core.build.ClarqBuild}.
 */
package io.clarq.core.build;
