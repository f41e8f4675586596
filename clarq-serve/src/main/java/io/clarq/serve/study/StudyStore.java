package io.clarq.serve.study;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A study's database: SQLite ({@value #FILE} in the study folder) in WAL mode with {@code synchronous=FULL}, so every
 * statement is on disk when it returns, and a process killed at any point leaves every earlier turn and rating in
 * place. Every write is its own transaction (auto-commit); one connection, used by one thread at a time.
 *
 * <p>Tables: participants (the link token, an anonymised label, the browser), sessions (one per participant and
 * assigned item, in the participant's order), turns (the lines of a dialogue, in order, with the time the person
 * took), ratings (a grade per session and scale).
 */
public final class StudyStore implements AutoCloseable {
  /** The database's file name in the study folder. */
  public static final String FILE = "study.db";

  private final Connection db;
  private final Path file;

  private StudyStore(Path file, Connection db) {
    this.file = file;
    this.db = db;
  }

  /** Opens (creating when new) the store of the study in {@code folder}. */
  public static StudyStore open(Path folder) {
    Path file = folder.resolve(FILE);
    try {
      Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
      try (Statement s = c.createStatement()) {
        s.execute("PRAGMA journal_mode=WAL");
        s.execute("PRAGMA synchronous=FULL");
        s.execute("PRAGMA busy_timeout=10000");
        s.execute("PRAGMA foreign_keys=ON");
        s.execute("CREATE TABLE IF NOT EXISTS participants (id INTEGER PRIMARY KEY, token TEXT NOT NULL UNIQUE,"
            + " label TEXT NOT NULL UNIQUE, user_agent TEXT)");
        s.execute("CREATE TABLE IF NOT EXISTS sessions (id INTEGER PRIMARY KEY, participant INTEGER NOT NULL"
            + " REFERENCES participants(id), position INTEGER NOT NULL, item TEXT NOT NULL, state TEXT NOT NULL,"
            + " end_reason TEXT, started_at TEXT, finished_at TEXT, UNIQUE (participant, position),"
            + " UNIQUE (participant, item))");
        s.execute("CREATE TABLE IF NOT EXISTS turns (session INTEGER NOT NULL REFERENCES sessions(id),"
            + " idx INTEGER NOT NULL, speaker TEXT NOT NULL, text TEXT NOT NULL, kind TEXT, intent TEXT, nodes TEXT,"
            + " millis INTEGER, at TEXT NOT NULL, PRIMARY KEY (session, idx))");
        s.execute("CREATE TABLE IF NOT EXISTS ratings (session INTEGER NOT NULL REFERENCES sessions(id),"
            + " scale TEXT NOT NULL, grade TEXT NOT NULL, millis INTEGER, at TEXT NOT NULL,"
            + " PRIMARY KEY (session, scale))");
        s.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
      }
      return new StudyStore(file, c);
    } catch (SQLException e) {
      throw new StudyStoreException("cannot open study database " + file + ": " + e.getMessage(), e);
    }
  }

  /** The database file. */
  public Path file() {
    return file;
  }

  /** The journal mode SQLite reports ("wal"). */
  public synchronized String journalMode() {
    return query("PRAGMA journal_mode", rs -> rs.getString(1)).get(0);
  }

  // ---- participants and sessions

  /** A participant: row id, link token, anonymised label ("p01"), the browser they last used. */
  public record Participant(long id, String token, String label, Optional<String> userAgent) {}

  /**
   * A participant's session on one item.
   *
   * @param state "pending" (not started), "open" or "finished"
   */
  public record Session(long id, long participant, int position, String item, String state, Optional<String> endReason,
      Optional<String> startedAt, Optional<String> finishedAt) {
    /** Whether the participant has ended this item. */
    public boolean finished() {
      return state.equals(FINISHED);
    }
  }

  /** A stored turn of a dialogue. */
  public record Turn(int index, String speaker, String text, Optional<String> kind, Optional<String> intent,
      List<String> nodes, Optional<Long> millis, String at) {}

  /** A stored grade. */
  public record Rating(long session, String scale, String grade, Optional<Long> millis) {}

  static final String PENDING = "pending";
  static final String OPEN = "open";
  static final String FINISHED = "finished";

  /** Adds a participant with their link token and items, in one transaction; returns the participant's row id. */
  public synchronized long addParticipant(String token, String label, List<String> items) {
    try {
      db.setAutoCommit(false);
      long id;
      try (PreparedStatement p = db.prepareStatement("INSERT INTO participants (token, label) VALUES (?, ?)",
          Statement.RETURN_GENERATED_KEYS)) {
        p.setString(1, token);
        p.setString(2, label);
        p.executeUpdate();
        try (ResultSet keys = p.getGeneratedKeys()) {
          keys.next();
          id = keys.getLong(1);
        }
      }
      try (PreparedStatement s = db.prepareStatement("INSERT INTO sessions (participant, position, item, state)"
          + " VALUES (?, ?, ?, ?)")) {
        for (int i = 0; i < items.size(); i++) {
          s.setLong(1, id);
          s.setInt(2, i);
          s.setString(3, items.get(i));
          s.setString(4, PENDING);
          s.executeUpdate();
        }
      }
      db.commit();
      return id;
    } catch (SQLException e) {
      rollback();
      throw new StudyStoreException("cannot add participant " + label + " to " + file + ": " + e.getMessage(), e);
    } finally {
      autoCommit();
    }
  }

  /** The participants in the order they were added. */
  public synchronized List<Participant> participants() {
    return query("SELECT id, token, label, user_agent FROM participants ORDER BY id", StudyStore::participant);
  }

  /** The participant a link token opens, if any. */
  public synchronized Optional<Participant> participantByToken(String token) {
    return query("SELECT id, token, label, user_agent FROM participants WHERE token = ?", StudyStore::participant,
        token).stream().findFirst();
  }

  /** Records the browser a participant uses (kept for the export, never compared). */
  public synchronized void recordUserAgent(long participant, String userAgent) {
    update("UPDATE participants SET user_agent = ? WHERE id = ?", userAgent, participant);
  }

  /** A participant's sessions in their order. */
  public synchronized List<Session> sessions(long participant) {
    return query("SELECT id, participant, position, item, state, end_reason, started_at, finished_at FROM sessions"
        + " WHERE participant = ? ORDER BY position", StudyStore::session, participant);
  }

  /** Every session of the study, by participant and position. */
  public synchronized List<Session> allSessions() {
    return query("SELECT id, participant, position, item, state, end_reason, started_at, finished_at FROM sessions"
        + " ORDER BY participant, position", StudyStore::session);
  }

  /** One session. */
  public synchronized Session session(long id) {
    return query("SELECT id, participant, position, item, state, end_reason, started_at, finished_at FROM sessions"
        + " WHERE id = ?", StudyStore::session, id).stream().findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no session " + id + " in " + file));
  }

  /** Marks a pending session open. */
  public synchronized void open(long session) {
    update("UPDATE sessions SET state = ?, started_at = ? WHERE id = ? AND state = ?", OPEN, Instant.now().toString(),
        session, PENDING);
  }

  /** Marks a session finished, with why it ended. */
  public synchronized void finish(long session, String endReason) {
    update("UPDATE sessions SET state = ?, end_reason = ?, finished_at = ? WHERE id = ?", FINISHED, endReason,
        Instant.now().toString(), session);
  }

  // ---- turns

  /** Appends a turn; it is on disk when this returns. */
  public synchronized void addTurn(long session, Turn turn) {
    update("INSERT INTO turns (session, idx, speaker, text, kind, intent, nodes, millis, at)"
        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", session, turn.index(), turn.speaker(), turn.text(),
        turn.kind().orElse(null), turn.intent().orElse(null), String.join(",", turn.nodes()),
        turn.millis().orElse(null), turn.at());
  }

  /** A session's turns in order. */
  public synchronized List<Turn> turns(long session) {
    return query("SELECT idx, speaker, text, kind, intent, nodes, millis, at FROM turns WHERE session = ? ORDER BY idx",
        rs -> new Turn(rs.getInt(1), rs.getString(2), rs.getString(3), Optional.ofNullable(rs.getString(4)),
            Optional.ofNullable(rs.getString(5)), nodes(rs.getString(6)), Optional.ofNullable((Long) nullableLong(rs, 7)),
            rs.getString(8)), session);
  }

  /** How many turns the study holds. */
  public synchronized int turnCount() {
    return query("SELECT COUNT(*) FROM turns", rs -> rs.getInt(1)).get(0);
  }

  // ---- ratings

  /** Stores a grade (replacing an earlier grade of the same session and scale); on disk when this returns. */
  public synchronized void rate(long session, String scale, String grade, Optional<Long> millis) {
    update("INSERT OR REPLACE INTO ratings (session, scale, grade, millis, at) VALUES (?, ?, ?, ?, ?)", session, scale,
        grade, millis.orElse(null), Instant.now().toString());
  }

  /** A session's grades. */
  public synchronized List<Rating> ratings(long session) {
    return query("SELECT session, scale, grade, millis FROM ratings WHERE session = ? ORDER BY scale",
        rs -> new Rating(rs.getLong(1), rs.getString(2), rs.getString(3), Optional.ofNullable(nullableLong(rs, 4))),
        session);
  }

  /** Every grade of the study. */
  public synchronized List<Rating> allRatings() {
    return query("SELECT session, scale, grade, millis FROM ratings ORDER BY session, scale",
        rs -> new Rating(rs.getLong(1), rs.getString(2), rs.getString(3), Optional.ofNullable(nullableLong(rs, 4))));
  }

  // ---- meta

  /** Stores a study-wide value. */
  public synchronized void put(String key, String value) {
    update("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", key, value);
  }

  @Override
  public synchronized void close() {
    try {
      db.close();
    } catch (SQLException e) {
      throw new StudyStoreException("cannot close study database " + file + ": " + e.getMessage(), e);
    }
  }

  // ---- JDBC plumbing

  private interface Row<T> {
    T read(ResultSet rs) throws SQLException;
  }

  private static Long nullableLong(ResultSet rs, int column) throws SQLException {
    long v = rs.getLong(column);
    return rs.wasNull() ? null : v;
  }

  private static List<String> nodes(String text) {
    return text == null || text.isEmpty() ? List.of() : List.of(text.split(","));
  }

  private static Participant participant(ResultSet rs) throws SQLException {
    return new Participant(rs.getLong(1), rs.getString(2), rs.getString(3), Optional.ofNullable(rs.getString(4)));
  }

  private static Session session(ResultSet rs) throws SQLException {
    return new Session(rs.getLong(1), rs.getLong(2), rs.getInt(3), rs.getString(4), rs.getString(5),
        Optional.ofNullable(rs.getString(6)), Optional.ofNullable(rs.getString(7)),
        Optional.ofNullable(rs.getString(8)));
  }

  private <T> List<T> query(String sql, Row<T> row, Object... args) {
    try (PreparedStatement p = db.prepareStatement(sql)) {
      bind(p, args);
      List<T> out = new ArrayList<>();
      try (ResultSet rs = p.executeQuery()) {
        while (rs.next()) {
          out.add(row.read(rs));
        }
      }
      return out;
    } catch (SQLException e) {
      throw new StudyStoreException("study database " + file + ": " + e.getMessage(), e);
    }
  }

  private void update(String sql, Object... args) {
    try (PreparedStatement p = db.prepareStatement(sql)) {
      bind(p, args);
      p.executeUpdate();
    } catch (SQLException e) {
      throw new StudyStoreException("cannot write to study database " + file + ": " + e.getMessage(), e);
    }
  }

  private static void bind(PreparedStatement p, Object... args) throws SQLException {
    for (int i = 0; i < args.length; i++) {
      p.setObject(i + 1, args[i]);
    }
  }

  private void rollback() {
    try {
      db.rollback();
    } catch (SQLException ignored) {
      // the original error is the one to report
    }
  }

  private void autoCommit() {
    try {
      db.setAutoCommit(true);
    } catch (SQLException e) {
      throw new StudyStoreException("study database " + file + ": " + e.getMessage(), e);
    }
  }
}
