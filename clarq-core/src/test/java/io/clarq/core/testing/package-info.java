/**
 * Test support shared with the other modules through clarq-core's test-jar: locating the reference data, scripted
 * and loopback language models.
 */
package io.clarq.core.testing;
