/**
 * Fetching and checksumming the public data sets into a local data directory: a catalogue of each data set's
 * upstream files pinned to a commit with size and SHA-256 ({@link io.clarq.datasets.fetch.DataCatalog}), where the
 * data lives ({@link io.clarq.datasets.fetch.DataDirectory}), resumable verified downloads
 * ({@link io.clarq.datasets.fetch.DataFetcher}) and checks of what is on disk, the files a fetch derives included
 * ({@link io.clarq.datasets.fetch.DerivedFiles}: their SHA-256 recorded when derived, so an edit is named).
 */
package io.clarq.datasets.fetch;
