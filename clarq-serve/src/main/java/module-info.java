/**
 * clarq-serve: {@code clarq serve}, the local web server that shows runs and holds human studies. Start with
 * {@link io.clarq.serve.ServeSettings}.
 */
module io.clarq.serve {
  requires transitive io.clarq.eval;
  requires io.javalin;
  requires java.sql;
  requires org.jsoup;
  requires org.slf4j;
  // the SQLite JDBC driver is found by java.sql's DriverManager (a java.sql.Driver service), never named in code

  exports io.clarq.serve;
  exports io.clarq.serve.runs;
  exports io.clarq.serve.study;
  // io.clarq.serve.web and io.clarq.serve.study.web (the pages) are internal: only the clarq command reads them,
  // from the class path
}
