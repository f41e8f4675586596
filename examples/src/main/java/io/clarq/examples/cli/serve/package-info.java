/** {@code clarq serve}: the local web server over run folders (io.clarq.serve). */
package io.clarq.examples.cli.serve;
