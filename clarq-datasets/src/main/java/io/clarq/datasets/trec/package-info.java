/**
 * TREC formats: run files (read strictly or as the ClariQ tool reads them, and written atomically), qrels,
 * CACM-style topic files, and the error type that names the file and line of bad input.
 * Start with {@link io.clarq.datasets.trec.TrecRunReader} and {@link io.clarq.datasets.trec.QrelsReader}.
 */
package io.clarq.datasets.trec;
