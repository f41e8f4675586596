/** {@code clarq suite}: one asking agent on every run of a suite, each as its benchmark's own run command. */
package io.clarq.examples.cli.suite;
