/** Runnable programs a researcher can copy from, and the {@code clarq} command. */
package io.clarq.examples;
