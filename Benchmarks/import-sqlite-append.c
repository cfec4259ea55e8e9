// What SQLite alone costs to append a ledger's events and replay rows the way the import does
// (issue 34): the rows of SRC (a ledger) bound from memory into DST (a copy of an empty
// ledger, `ledger init`), ROWS rows per INSERT (the import: 64), in one transaction, with the
// bulk load's three per-row insert checks set aside. No Swift, no parsing, no hashing: run it
// under `valgrind --tool=callgrind` and subtract an `n` run (SRC loaded, nothing appended).
//
//   cc -O2 -o /tmp/append Benchmarks/import-sqlite-append.c -lsqlite3
//   cp EMPTY.ledger /tmp/d.ledger
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null /tmp/append SRC.ledger /tmp/d.ledger 64 c
//
// OPTIONS, any of: n  load SRC and stop;  c  the replay rows' count trigger set aside and the
// count written once a statement;  i  the six secondary indexes of `events` dropped;  j  the
// five that are not UNIQUE dropped (`events_fingerprint` kept);  J  with j, those five
// created again before the COMMIT;  r  INSERT OR ROLLBACK (no statement journal).
// Candidate layouts of the log row (round 26, the narrower row; the same six indexes):
// N  `events` keeps only seq, id, kind, occurred_at, asset, counter_asset, fingerprint,
// prev_hash, hash (the packed row, in `event_replay`, is the record the rest is read from);
// M  as N, with the packed row as a column of `events` and no `event_replay` (one INSERT);
// b  with N or M, the two hashes as 32-byte BLOBs instead of 64 hex digits;
// w  before the COMMIT, every appended row read back (each column, and its replay row),
// as the import's check reads them.
// B  several events a row (round 29): `events` and `event_replay` left empty; each statement
// appends one row of `event_blocks` holding ROWS events (each its packed row and its 32-byte
// hash) and the ROWS events' ids and fingerprints into two WITHOUT ROWID tables whose primary
// keys keep them unique; k  with B, those two key tables left out (uniqueness not kept by
// the database).
// Each run prints its append's wall and CPU time (BEGIN to the last INSERT), the read back's
// (w) and the COMMIT's: time a run at 1M outside valgrind, inside a hold of the build lock.
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define NC 34
typedef struct {
    int type[NC], tl[NC], bl;
    sqlite3_int64 iv[NC], rocc, rseq;
    char *tv[NC];
    void *blob;
} Row;

static void ck(int rc, sqlite3 *db, const char *what) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

static int hexval(char c) { return c <= '9' ? c - '0' : (c | 32) - 'a' + 10; }

// The columns the narrow layouts keep, by their place in COLS.
static const int NARROW[] = {0, 1, 3, 4, 7, 12, 26, 27, 28};
#define NN 9
static const char *NCOLS = "seq,id,kind,occurred_at,asset,counter_asset,fingerprint,prev_hash,hash";

static const char *COLS =
    "seq,id,schema,kind,occurred_at,recorded_at,account,asset,asset_class,quantity,price,quote,counter_asset,"
    "counter_class,counter_quantity,to_account,income_kind,split_ratio,void_target,reason,fee,fee_asset,fee_class,"
    "note,source,batch,fingerprint,prev_hash,hash,total,link_withdrawal,link_deposit,tx_hash,address";

static int load(const char *path, Row *rows, int cap) {
    sqlite3 *s;
    sqlite3_stmt *q;
    char sql[1024];
    int n = 0, m = 0;
    sqlite3_open(path, &s);
    snprintf(sql, sizeof sql, "SELECT %s FROM events ORDER BY seq", COLS);
    ck(sqlite3_prepare_v2(s, sql, -1, &q, 0), s, "events");
    while (n < cap && sqlite3_step(q) == SQLITE_ROW) {
        Row *r = &rows[n++];
        for (int c = 0; c < NC; c++) {
            r->type[c] = sqlite3_column_type(q, c);
            if (r->type[c] == SQLITE_INTEGER) r->iv[c] = sqlite3_column_int64(q, c);
            if (r->type[c] != SQLITE_TEXT) continue;
            r->tl[c] = sqlite3_column_bytes(q, c);
            r->tv[c] = malloc(r->tl[c] + 1);
            memcpy(r->tv[c], sqlite3_column_text(q, c), r->tl[c]);
            if ((c == 27 || c == 28) && r->tl[c] == 64) { // the hash's 32 bytes after its text
                r->tv[c] = realloc(r->tv[c], 64 + 1 + 32);
                for (int k = 0; k < 32; k++)
                    ((unsigned char *)r->tv[c])[65 + k] =
                        (unsigned char)(hexval(r->tv[c][2 * k]) << 4 | hexval(r->tv[c][2 * k + 1]));
            }
        }
    }
    sqlite3_finalize(q);
    ck(sqlite3_prepare_v2(s, "SELECT occurred_at, seq, data FROM event_replay ORDER BY seq", -1, &q, 0), s, "replay");
    while (m < n && sqlite3_step(q) == SQLITE_ROW) {
        Row *r = &rows[m++];
        r->rocc = sqlite3_column_int64(q, 0);
        r->rseq = sqlite3_column_int64(q, 1);
        r->bl = sqlite3_column_bytes(q, 2);
        r->blob = malloc(r->bl);
        memcpy(r->blob, sqlite3_column_blob(q, 2), r->bl);
    }
    sqlite3_finalize(q);
    sqlite3_close(s);
    return n;
}

// Replaces `events` by the narrow table (N, M; b: BLOB hashes) with the same indexes.
static void narrow(sqlite3 *d, const char *o) {
    const char *h = strchr(o, 'b') ? "BLOB" : "TEXT";
    char sql[2048];
    snprintf(sql, sizeof sql,
        "DROP TABLE events; CREATE TABLE events (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,"
        " occurred_at INTEGER NOT NULL, asset TEXT, counter_asset TEXT, fingerprint TEXT, prev_hash %s NOT NULL,"
        " hash %s NOT NULL%s) STRICT;"
        "CREATE INDEX events_asset ON events(asset);"
        "CREATE INDEX events_counter_asset ON events(counter_asset) WHERE counter_asset IS NOT NULL;"
        "CREATE UNIQUE INDEX events_fingerprint ON events(fingerprint) WHERE fingerprint IS NOT NULL;"
        "CREATE INDEX events_replay ON events(occurred_at, seq);"
        "CREATE INDEX events_voids ON events(seq) WHERE kind = 'void';"
        "CREATE INDEX events_links ON events(seq) WHERE kind = 'link';",
        h, h, strchr(o, 'M') ? ", data BLOB NOT NULL" : "");
    ck(sqlite3_exec(d, sql, 0, 0, 0), d, "narrow");
}

// Binds row r's column c at p: a hash as 32 bytes when b (kept in r->bin).
static void bindColumn(sqlite3_stmt *s, int p, Row *r, int c, int binary) {
    if (binary && (c == 27 || c == 28) && r->type[c] == SQLITE_TEXT && r->tl[c] == 64) {
        unsigned char *b = (unsigned char *)r->tv[c] + 65; // the 32 bytes, made once after the text
        sqlite3_bind_blob(s, p, b, 32, SQLITE_STATIC);
    } else if (r->type[c] == SQLITE_INTEGER) sqlite3_bind_int64(s, p, r->iv[c]);
    else if (r->type[c] == SQLITE_TEXT) sqlite3_bind_text(s, p, r->tv[c], r->tl[c], SQLITE_STATIC);
    else sqlite3_bind_null(s, p);
}

// Reads back every appended row, each column, as the import's check does (w): the rows of
// `only` (M, B), else each row of `events` and its replay row.
static long readBack(sqlite3 *d, const char *only) {
    sqlite3_stmt *q, *rq = 0;
    long bytes = 0;
    ck(sqlite3_prepare_v2(d, only ? only : "SELECT * FROM events WHERE seq > 0 ORDER BY seq", -1, &q, 0), d, "read");
    if (!only)
        ck(sqlite3_prepare_v2(d, "SELECT data FROM event_replay WHERE occurred_at >= 0 ORDER BY occurred_at, seq", -1,
               &rq, 0),
            d, "read replay");
    while (sqlite3_step(q) == SQLITE_ROW) {
        for (int c = 0, n = sqlite3_column_count(q); c < n; c++) {
            const void *b = sqlite3_column_blob(q, c);
            bytes += sqlite3_column_bytes(q, c) + (b != 0);
        }
        if (rq && sqlite3_step(rq) == SQLITE_ROW) bytes += sqlite3_column_bytes(rq, 0) + (sqlite3_column_blob(rq, 0) != 0);
    }
    sqlite3_finalize(q);
    if (rq) sqlite3_finalize(rq);
    return bytes;
}

// Wall and CPU seconds since the process began, for the phases' split.
typedef struct {
    double wall, user, sys;
} Clock;

static Clock now(void) {
    struct timespec t;
    struct rusage u;
    clock_gettime(CLOCK_MONOTONIC, &t);
    getrusage(RUSAGE_SELF, &u);
    return (Clock){t.tv_sec + t.tv_nsec / 1e9, u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6,
        u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6};
}

static void phase(const char *name, Clock a, Clock b) {
    printf("%s: %.3f s wall, %.3f s user, %.3f s sys\n", name, b.wall - a.wall, b.user - a.user, b.sys - a.sys);
}

// B: the block table and the two key tables (k: without them), append-only like the log.
static void blocks(sqlite3 *d, int keys) {
    ck(sqlite3_exec(d,
           "CREATE TABLE event_blocks (first_seq INTEGER PRIMARY KEY, last_seq INTEGER NOT NULL,"
           " last_occurred INTEGER NOT NULL, prev_hash BLOB NOT NULL, hash BLOB NOT NULL, data BLOB NOT NULL) STRICT;"
           "CREATE TRIGGER event_blocks_no_update BEFORE UPDATE ON event_blocks BEGIN SELECT RAISE(ABORT, 'no'); END;"
           "CREATE TRIGGER event_blocks_no_delete BEFORE DELETE ON event_blocks BEGIN SELECT RAISE(ABORT, 'no'); END;",
           0, 0, 0),
        d, "blocks");
    if (keys)
        ck(sqlite3_exec(d,
               "CREATE TABLE event_ids (id TEXT PRIMARY KEY, seq INTEGER NOT NULL) STRICT, WITHOUT ROWID;"
               "CREATE TABLE event_fingerprints (fingerprint TEXT PRIMARY KEY, seq INTEGER NOT NULL) STRICT,"
               " WITHOUT ROWID;",
               0, 0, 0),
            d, "keys");
}

// B: rows[i..<i+per] as one block row, and (keys) their ids and fingerprints.
static void appendBlock(sqlite3 *d, sqlite3_stmt *sb, sqlite3_stmt *sk, sqlite3_stmt *sf, Row *rows, int per,
    unsigned char *buf) {
    size_t len = 0;
    for (int k = 0; k < per; k++) {
        memcpy(buf + len, rows[k].blob, rows[k].bl);
        memcpy(buf + len + rows[k].bl, rows[k].tv[28] + 65, 32);
        len += rows[k].bl + 32;
        if (!sk) continue;
        sqlite3_bind_text(sk, 2 * k + 1, rows[k].tv[1], rows[k].tl[1], SQLITE_STATIC);
        sqlite3_bind_int64(sk, 2 * k + 2, rows[k].iv[0]);
        sqlite3_bind_text(sf, 2 * k + 1, rows[k].tv[26], rows[k].tl[26], SQLITE_STATIC);
        sqlite3_bind_int64(sf, 2 * k + 2, rows[k].iv[0]);
    }
    sqlite3_bind_int64(sb, 1, rows[0].iv[0]);
    sqlite3_bind_int64(sb, 2, rows[per - 1].iv[0]);
    sqlite3_bind_int64(sb, 3, rows[per - 1].rocc);
    sqlite3_bind_blob(sb, 4, rows[0].tv[27] + 65, 32, SQLITE_STATIC);
    sqlite3_bind_blob(sb, 5, rows[per - 1].tv[28] + 65, 32, SQLITE_STATIC);
    sqlite3_bind_blob(sb, 6, buf, (int)len, SQLITE_STATIC);
    ck(sqlite3_step(sb), d, "block step");
    sqlite3_reset(sb);
    if (!sk) return;
    ck(sqlite3_step(sk), d, "ids step");
    sqlite3_reset(sk);
    ck(sqlite3_step(sf), d, "fingerprints step");
    sqlite3_reset(sf);
}

static char *insertSQL(const char *head, const char *row, int rows) {
    char *sql = malloc(strlen(head) + rows * (strlen(row) + 2) + 1);
    strcpy(sql, head);
    for (int k = 0; k < rows; k++) strcat(strcat(sql, k ? ", " : ""), row);
    return sql;
}

// B: the whole append, ROWS events a block row, timed as the other layouts are.
static int appendBlocks(sqlite3 *d, Row *rows, int n, int per, int keys, int readBackToo) {
    sqlite3_stmt *sb, *sk = 0, *sf = 0;
    unsigned char *buf = malloc((size_t)per * 4096);
    char *ids = insertSQL("INSERT INTO event_ids (id, seq) VALUES ", "(?, ?)", per);
    char *fps = insertSQL("INSERT INTO event_fingerprints (fingerprint, seq) VALUES ", "(?, ?)", per);
    Clock t0 = now();
    ck(sqlite3_exec(d, "BEGIN IMMEDIATE", 0, 0, 0), d, "begin");
    ck(sqlite3_prepare_v2(d,
           "INSERT INTO event_blocks (first_seq, last_seq, last_occurred, prev_hash, hash, data)"
           " VALUES (?, ?, ?, ?, ?, ?)",
           -1, &sb, 0),
        d, "block");
    if (keys) ck(sqlite3_prepare_v2(d, ids, -1, &sk, 0), d, "ids");
    if (keys) ck(sqlite3_prepare_v2(d, fps, -1, &sf, 0), d, "fingerprints");
    for (int i = 0; i + per <= n; i += per) appendBlock(d, sb, sk, sf, rows + i, per, buf);
    Clock t1 = now();
    if (readBackToo) printf("%ld bytes read back\n", readBack(d, "SELECT * FROM event_blocks ORDER BY first_seq"));
    Clock t2 = now();
    ck(sqlite3_exec(d, "COMMIT", 0, 0, 0), d, "commit");
    Clock t3 = now();
    printf("%d events appended, %d a block row\n", n - n % per, per);
    phase("append", t0, t1), phase("read back", t1, t2), phase("commit", t2, t3), phase("all", t0, t3);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) return fprintf(stderr, "usage: %s SRC DST ROWS [OPTIONS]\n", argv[0]), 64;
    int per = atoi(argv[3]), cap = 2000000;
    const char *o = argc > 4 ? argv[4] : "";
    sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, -1); // statement journals in memory, as the import's
    Row *rows = calloc(cap, sizeof(Row));
    int n = load(argv[1], rows, cap);
    sqlite3 *d;
    sqlite3_open(argv[2], &d);
    ck(sqlite3_exec(d,
           "PRAGMA journal_mode=DELETE; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON; PRAGMA recursive_triggers=ON;"
           "PRAGMA cache_size=-65536; DROP TRIGGER events_contiguous_seq; DROP TRIGGER events_no_replace;"
           "DROP TRIGGER event_replay_follows_events;",
           0, 0, 0),
        d, "pragmas");
    if (strchr(o, 'c')) ck(sqlite3_exec(d, "DROP TRIGGER event_replay_count", 0, 0, 0), d, "c");
    if (strchr(o, 'i')) ck(sqlite3_exec(d, "DROP INDEX events_fingerprint", 0, 0, 0), d, "i");
    if (strchr(o, 'i') || strchr(o, 'j'))
        ck(sqlite3_exec(d,
               "DROP INDEX events_asset; DROP INDEX events_counter_asset; DROP INDEX events_replay;"
               "DROP INDEX events_voids; DROP INDEX events_links;",
               0, 0, 0),
            d, "j");
    int isNarrow = strchr(o, 'N') || strchr(o, 'M'), merged = strchr(o, 'M') != 0, binary = strchr(o, 'b') != 0;
    if (isNarrow) narrow(d, o);
    if (strchr(o, 'B')) blocks(d, !strchr(o, 'k'));
    if (strchr(o, 'n')) return 0;
    if (strchr(o, 'B')) return appendBlocks(d, rows, n, per, !strchr(o, 'k'), strchr(o, 'w') != 0);
    int ncols = isNarrow ? NN + merged : NC;
    char row[512] = "(";
    for (int c = 0; c < ncols; c++) strcat(row, c ? ", ?" : "?");
    strcat(row, ")");
    char head[1024];
    snprintf(head, sizeof head, "INSERT%s INTO events (%s%s) VALUES ", strchr(o, 'r') ? " OR ROLLBACK" : "",
        isNarrow ? NCOLS : COLS, merged ? ",data" : "");
    char *eventsSQL = insertSQL(head, row, per);
    snprintf(head, sizeof head, "INSERT%s INTO event_replay (occurred_at, seq, data) VALUES ",
        strchr(o, 'r') ? " OR ROLLBACK" : "");
    char *replaySQL = insertSQL(head, "(?, ?, ?)", per);
    sqlite3_stmt *se, *sr, *count = 0;
    Clock t0 = now();
    ck(sqlite3_exec(d, "BEGIN IMMEDIATE", 0, 0, 0), d, "begin");
    ck(sqlite3_prepare_v2(d, eventsSQL, -1, &se, 0), d, "events");
    ck(sqlite3_prepare_v2(d, replaySQL, -1, &sr, 0), d, "replay");
    if (strchr(o, 'c'))
        ck(sqlite3_prepare_v2(d, "UPDATE counters SET value = ? WHERE name = 'replay_rows'", -1, &count, 0), d, "count");
    for (int i = 0; i + per <= n; i += per) {
        for (int k = 0; k < per; k++) {
            Row *r = &rows[i + k];
            for (int c = 0; c < (isNarrow ? NN : NC); c++)
                bindColumn(se, k * ncols + c + 1, r, isNarrow ? NARROW[c] : c, binary);
            if (merged) sqlite3_bind_blob(se, k * ncols + NN + 1, r->blob, r->bl, SQLITE_STATIC);
            if (merged) continue;
            sqlite3_bind_int64(sr, k * 3 + 1, r->rocc);
            sqlite3_bind_int64(sr, k * 3 + 2, r->rseq);
            sqlite3_bind_blob(sr, k * 3 + 3, r->blob, r->bl, SQLITE_STATIC);
        }
        ck(sqlite3_step(se), d, "events step");
        sqlite3_reset(se);
        if (!merged) {
            ck(sqlite3_step(sr), d, "replay step");
            sqlite3_reset(sr);
        }
        if (!count) continue;
        sqlite3_bind_int64(count, 1, rows[i + per - 1].rseq);
        ck(sqlite3_step(count), d, "count step");
        sqlite3_reset(count);
    }
    if (strchr(o, 'J'))
        ck(sqlite3_exec(d,
               "CREATE INDEX events_asset ON events(asset);"
               "CREATE INDEX events_counter_asset ON events(counter_asset) WHERE counter_asset IS NOT NULL;"
               "CREATE INDEX events_replay ON events(occurred_at, seq);"
               "CREATE INDEX events_voids ON events(seq) WHERE kind = 'void';"
               "CREATE INDEX events_links ON events(seq) WHERE kind = 'link';",
               0, 0, 0),
            d, "J");
    Clock t1 = now();
    if (strchr(o, 'w')) printf("%ld bytes read back\n", readBack(d, merged ? "SELECT * FROM events WHERE seq > 0 ORDER BY seq" : 0));
    Clock t2 = now();
    ck(sqlite3_exec(d, "COMMIT", 0, 0, 0), d, "commit");
    Clock t3 = now();
    printf("%d rows appended, %d a statement\n", n - n % per, per);
    phase("append", t0, t1), phase("read back", t1, t2), phase("commit", t2, t3), phase("all", t0, t3);
    return 0;
}
