#!/usr/bin/env python3
"""What SQLite alone costs to append N events of an import's shape to a ledger of ours.

The ledger is made by `ledger init` (so the schema is the real one, migrations and triggers
included); rows come from a scratch database by INSERT ... SELECT, 64 a statement as our
appender writes them: no Swift, no parsing, no hashing. Variants drop triggers first, to see
what each costs. Numbers in docs/PERFORMANCE.md ("Why 10 s is still out of reach").

    python3 Benchmarks/sqlite-floor.py .build/release/ledger 300000
    python3 Benchmarks/sqlite-floor.py .build/release/ledger 300000 --drop event_replay_follows_events,event_replay_count
"""
import argparse, os, sqlite3, subprocess, tempfile, time

COLUMNS = ("seq, id, schema, kind, occurred_at, recorded_at, account, asset, asset_class, quantity, price, quote, "
           "counter_asset, counter_class, counter_quantity, to_account, income_kind, split_ratio, void_target, reason, "
           "fee, fee_asset, fee_class, note, source, batch, fingerprint, prev_hash, hash")


def source_rows(path, count):
    """Coinbase-like buys, ids in order (as one process mints them), random hashes."""
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE src (seq INTEGER PRIMARY KEY, occurred_at, price, fingerprint, h1, h2, data)")
    db.execute("""WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                  INSERT INTO src SELECT i, 1577836800 + i * 60, CAST(30000 + i AS TEXT),
                  printf('coinbase:tx:%024d', i), lower(hex(randomblob(32))), lower(hex(randomblob(32))),
                  randomblob(132) FROM n""", (count,))
    db.commit()
    db.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("count", type=int)
    parser.add_argument("--drop", default="", help="comma-separated triggers to drop first")
    args = parser.parse_args()
    work = tempfile.mkdtemp()
    ledger, source = os.path.join(work, "books.ledger"), os.path.join(work, "src.db")
    subprocess.run([args.binary, "--ledger", ledger, "init"], check=True, stdout=subprocess.DEVNULL)
    source_rows(source, args.count)
    db = sqlite3.connect(ledger, isolation_level=None)
    db.execute("PRAGMA cache_size=-65536")
    for trigger in filter(None, args.drop.split(",")):
        db.execute(f"DROP TRIGGER {trigger}")
    db.execute("ATTACH ? AS s", (source,))
    start = time.perf_counter()
    db.execute("BEGIN IMMEDIATE")
    for low in range(1, args.count + 1, 64):
        bounds = (low, low + 63)
        db.execute(f"""INSERT INTO events ({COLUMNS}) SELECT seq, printf('01M89174D1%016d', seq), 1, 'buy',
                       occurred_at, 1795599601, 'coinbase', 'BTC', 'crypto', '0.001', price, 'USD', NULL, NULL,
                       NULL, NULL, NULL, NULL, NULL, NULL, '0.5', 'USD', 'fiat', 'Bought', 'import',
                       '01M891749ZTH3N822QAQC7353N', fingerprint, h1, h2 FROM s.src WHERE seq BETWEEN ? AND ?""", bounds)
        db.execute("INSERT INTO event_replay (occurred_at, seq, data) SELECT occurred_at, seq, data FROM s.src "
                   "WHERE seq BETWEEN ? AND ?", bounds)
    inserted = time.perf_counter()
    db.execute("COMMIT")
    done = time.perf_counter()
    per_row = lambda seconds: seconds / args.count * 1e6
    print(f"{args.count} events, dropped [{args.drop}]: insert {per_row(inserted - start):.2f} µs/row, "
          f"commit {per_row(done - inserted):.2f} µs/row, total {per_row(done - start):.2f} µs/row")


if __name__ == "__main__":
    main()
