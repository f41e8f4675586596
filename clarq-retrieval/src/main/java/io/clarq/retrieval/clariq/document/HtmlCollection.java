package io.clarq.retrieval.clariq.document;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;

/**
 * A collection shipped as a tar.gz of HTML files, one document each (CACM): the id is the file name without
 * directories and without {@code .html}; the text is what an HTML parser (jsoup) extracts. A regex tag stripper
 * would lose the text after {@code <=} in some CACM documents.
 */
public final class HtmlCollection {
  private HtmlCollection() {}

  /** The documents of the archive, in archive order (each file is parsed as it is read; only texts are kept). */
  public static List<SourceDocument> read(Path tarGz) {
    List<SourceDocument> docs = new ArrayList<>();
    TarGzArchive.forEachFile(tarGz, e -> {
      String name = e.name().substring(e.name().lastIndexOf('/') + 1);
      String id = name.endsWith(".html") ? name.substring(0, name.length() - ".html".length()) : name;
      docs.add(new SourceDocument(id, Jsoup.parse(new String(e.content(), StandardCharsets.UTF_8)).text()));
    });
    return docs;
  }
}
