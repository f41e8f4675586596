/** The {@code clarq study} commands: create a human study from a spec, serve its pages, export it as run folders. */
package io.clarq.examples.cli.study;
