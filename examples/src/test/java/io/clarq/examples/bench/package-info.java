/**
 * Benchmark main classes (speed and memory goals are measured here, never in timed unit tests). Run one with
 * {@code mvn -B -q -pl examples -am test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=...}.
 */
package io.clarq.examples.bench;
