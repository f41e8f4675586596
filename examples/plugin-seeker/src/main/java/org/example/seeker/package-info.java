/** An example plugin for clarq: a model-free seeker and the provider that puts it on {@code clarq run --seeker}. */
package org.example.seeker;
