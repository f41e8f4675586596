/** Worker pools for the runners: bounded, with named daemon threads, so a thread dump says which run a worker serves. */
package io.clarq.eval.concurrent;
