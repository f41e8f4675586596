package io.clarq.core.prompt;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One prompt template of a {@link PromptPack}: text with named placeholders {@code {name}} ({@code name} a lowercase
 * identifier). Nothing else is special: there is no escaping, so {@code {{ 'output': '' }}} or {@code { 'type': 1 }}
 * stay literal. {@link #render} fills every placeholder in a single sweep, so a value that itself looks like a
 * placeholder is left as it is.
 */
public final class PromptTemplate {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z_][a-z0-9_]*)}");

  private final String name;
  private final String text;
  private final List<String> literals;
  private final List<String> slots;

  /**
   * @param name where the template comes from, for error messages ("provider/pass1.en")
   * @param text the template, exactly as stored
   */
  public PromptTemplate(String name, String text) {
    this.name = Objects.requireNonNull(name, "name");
    this.text = Objects.requireNonNull(text, "text");
    List<String> lits = new ArrayList<>();
    List<String> names = new ArrayList<>();
    Matcher m = PLACEHOLDER.matcher(text);
    int at = 0;
    while (m.find()) {
      lits.add(text.substring(at, m.start()));
      names.add(m.group(1));
      at = m.end();
    }
    lits.add(text.substring(at));
    this.literals = List.copyOf(lits);
    this.slots = List.copyOf(names);
  }

  /** Where the template comes from ("provider/pass1.en"). */
  public String name() {
    return name;
  }

  /** The template exactly as stored, placeholders unfilled. */
  public String text() {
    return text;
  }

  /** The placeholders the template uses, in order of first use. */
  public Set<String> placeholders() {
    return new LinkedHashSet<>(slots);
  }

  /**
   * The template with every placeholder replaced by its value.
   *
   * @throws IllegalArgumentException naming the template and the placeholder when a value is missing
   */
  public String render(Map<String, String> values) {
    StringBuilder sb = new StringBuilder(literals.get(0));
    for (int i = 0; i < slots.size(); i++) {
      String value = values.get(slots.get(i));
      if (value == null) {
        throw new IllegalArgumentException(
            "prompt template " + name + ": no value for placeholder {" + slots.get(i) + "}");
      }
      sb.append(value).append(literals.get(i + 1));
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return "PromptTemplate{" + name + ", placeholders=" + placeholders() + "}";
  }
}
