package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.seeker.SeekerAgent;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Who the seeker is, for the run's fingerprint: its class and either the version it declares
 * ({@link SeekerAgent#version()}) or a digest of its code, the class files of its top-level class and every class
 * nested in it, read from where the class was loaded. A seeker edited and rebuilt gets another digest, so a resume
 * into the directory of the old one is refused, naming both.
 */
final class SeekerIdentity {
  private SeekerIdentity() {}

  /** {@code com.example.MySeeker version 2} or {@code com.example.MySeeker code 3f2a...} (16 hex digits). */
  static String of(SeekerAgent seeker) {
    Class<?> type = seeker.getClass();
    String version = seeker.version();
    if (version != null && !version.isBlank()) {
      return type.getName() + " version " + version.strip();
    }
    Class<?> top = type;
    while (top.getEnclosingClass() != null) {
      top = top.getEnclosingClass();
    }
    return type.getName() + " code " + digest(top);
  }

  private static String digest(Class<?> top) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      List<String> names = classFiles(top);
      for (String name : names) {
        md.update(name.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        md.update((byte) 0);
        try (InputStream in = top.getClassLoader() == null ? null : top.getClassLoader().getResourceAsStream(name)) {
          if (in != null) {
            md.update(in.readAllBytes());
          }
        }
      }
      return HexFormat.of().formatHex(md.digest()).substring(0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the class files of seeker " + top.getName() + ": " + e.getMessage(),
          e);
    }
  }

  /** The resource names of {@code top}'s class file and its nested classes' ({@code Top$...}), sorted. */
  private static List<String> classFiles(Class<?> top) throws IOException {
    String own = top.getName().replace('.', '/') + ".class";
    String nestedPrefix = top.getName().replace('.', '/') + "$";
    List<String> nested = new ArrayList<>();
    CodeSource source = top.getProtectionDomain() == null ? null : top.getProtectionDomain().getCodeSource();
    URL location = source == null ? null : source.getLocation();
    if (location != null && "file".equals(location.getProtocol())) {
      Path where;
      try {
        where = Path.of(location.toURI());
      } catch (URISyntaxException | IllegalArgumentException e) {
        return List.of(own);
      }
      if (Files.isDirectory(where)) {
        Path dir = where.resolve(own).getParent();
        if (dir != null && Files.isDirectory(dir)) {
          try (Stream<Path> files = Files.list(dir)) {
            files.map(f -> where.relativize(f).toString().replace(java.io.File.separatorChar, '/'))
                .filter(n -> n.startsWith(nestedPrefix) && n.endsWith(".class")).forEach(nested::add);
          }
        }
      } else if (Files.isRegularFile(where)) {
        try (JarFile jar = new JarFile(where.toFile())) {
          jar.stream().map(JarEntry::getName).filter(n -> n.startsWith(nestedPrefix) && n.endsWith(".class"))
              .forEach(nested::add);
        }
      }
    }
    nested.sort(null);
    nested.add(0, own);
    return nested;
  }
}
