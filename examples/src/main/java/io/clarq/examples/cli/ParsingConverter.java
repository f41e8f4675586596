package io.clarq.examples.cli;

import java.util.function.Function;
import picocli.CommandLine;

/**
 * A picocli converter from a parse method that throws {@link IllegalArgumentException}: its message becomes the
 * usage error (exit code 2).
 */
public abstract class ParsingConverter<T> implements CommandLine.ITypeConverter<T> {
  private final Function<String, T> parse;

  public ParsingConverter(Function<String, T> parse) {
    this.parse = parse;
  }

  @Override
  public T convert(String value) {
    try {
      return parse.apply(value);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage());
    }
  }
}
