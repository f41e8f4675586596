package io.clarq.core.clariq;

import java.util.Objects;

/**
 * One facet (sub-intent) of a ClariQ topic, e.g. {@code F0010} "Find information about the Ritz Carlton resort at
 * Lake Las Vegas.". Document relevance is judged per facet.
 *
 * @param id the facet id, e.g. {@code F0010}
 * @param description what the user behind this facet wants
 */
public record Facet(String id, String description) {
  public Facet {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(description, "description");
    if (id.isBlank()) {
      throw new IllegalArgumentException("illegal facet id \"" + id + "\": must not be blank");
    }
  }
}
