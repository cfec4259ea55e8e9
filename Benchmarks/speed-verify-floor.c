// SQLite's floor of `verify`'s reading (issue 34): the chain walk's statement over `events`
// (the 32 record columns, `prev_hash` and `hash`, in `seq` order) and, beside it, the ordered
// pass over `event_replay`, with no Swift, no JSON and no hashing.
//
//   gcc -O2 -o /tmp/verify-floor Benchmarks/speed-verify-floor.c -lsqlite3
//   /usr/bin/time -f "%e s %U user %S sys %M KB" /tmp/verify-floor COPY.ledger MODE [MMAP_BYTES]
//
// MODE 0: step the rows only (SQLite still makes every result column);
//      1: and read each column as the walk does (sqlite3_column_value, _value_text, _value_bytes);
//      2: 1 and the replay rows stepped beside (the walk's whole SQLite work);
//      3: 1 by sqlite3_column_blob and _bytes instead;
//      4: 1 by sqlite3_column_text and _bytes instead;
//      5: 1 by sqlite3_column_value, _value_blob and _value_bytes (no NUL-terminating copy).
// MMAP_BYTES sets PRAGMA mmap_size (the ledger's own connections do not map).
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: %s LEDGER MODE [MMAP_BYTES]\n", argv[0]); return 64; }
  int mode = atoi(argv[2]);
  sqlite3 *db;
  if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, 0) != SQLITE_OK) return 1;
  sqlite3_exec(db, "PRAGMA cache_size=-65536", 0, 0, 0);  // the ledger's 64 MiB
  if (argc > 3) {
    char pragma[64];
    snprintf(pragma, sizeof pragma, "PRAGMA mmap_size=%s", argv[3]);
    sqlite3_exec(db, pragma, 0, 0, 0);
  }
  const char *events =
      "SELECT seq, id, schema, kind, occurred_at, recorded_at, account, asset, asset_class, quantity, price, "
      "quote, counter_asset, counter_class, counter_quantity, to_account, income_kind, split_ratio, void_target, "
      "reason, fee, fee_asset, fee_class, note, source, batch, fingerprint, total, link_withdrawal, link_deposit, "
      "tx_hash, address, prev_hash, hash FROM events WHERE seq > 0 AND seq <= 9223372036854775807 ORDER BY seq";
  const char *replay =
      "SELECT occurred_at, seq, data FROM event_replay WHERE (occurred_at, seq) >= (0, 1) ORDER BY occurred_at, seq";
  sqlite3_stmt *rows, *replayRows;
  if (sqlite3_prepare_v2(db, events, -1, &rows, 0) != SQLITE_OK) return 1;
  if (sqlite3_prepare_v2(db, replay, -1, &replayRows, 0) != SQLITE_OK) return 1;
  sqlite3_exec(db, "BEGIN", 0, 0, 0);
  long total = 0, count = 0;
  int columns = sqlite3_column_count(rows);
  while (sqlite3_step(rows) == SQLITE_ROW) {
    count++;
    for (int i = 0; mode >= 1 && i < columns; i++) {
      if (mode == 5) {
        sqlite3_value *value = sqlite3_column_value(rows, i);
        const unsigned char *blob = sqlite3_value_blob(value);
        total += blob ? sqlite3_value_bytes(value) + blob[0] : sqlite3_value_type(value);
        continue;
      }
      if (mode == 4) {
        const unsigned char *text = sqlite3_column_text(rows, i);
        if (text) total += sqlite3_column_bytes(rows, i) + text[0];
        continue;
      }
      if (mode == 3) {
        const unsigned char *blob = sqlite3_column_blob(rows, i);
        total += sqlite3_column_bytes(rows, i) + (blob ? blob[0] : 0);
        continue;
      }
      sqlite3_value *value = sqlite3_column_value(rows, i);
      const unsigned char *text = sqlite3_value_text(value);
      if (text) total += sqlite3_value_bytes(value) + text[0];
    }
    if (mode == 2 && sqlite3_step(replayRows) == SQLITE_ROW) {
      total += sqlite3_column_int64(replayRows, 0) + sqlite3_column_int64(replayRows, 1);
      if (sqlite3_column_blob(replayRows, 2)) total += sqlite3_column_bytes(replayRows, 2);
    }
  }
  printf("%ld rows (%ld)\n", count, total);
  return 0;
}
