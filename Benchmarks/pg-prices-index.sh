#!/usr/bin/env bash
# What the kept portfolio's validity read costs on PostgreSQL (issue 38, migration
# 0010-prices-by-time): `SELECT max(observed_at) FROM prices WHERE user_id = $1`, the statement
# PostgresPrices.lastObservedAt sends on each miss, for a user with 100,000 prices among nine
# users with 10,000, without the index on (user_id, observed_at) and then with it. Three
# EXPLAIN ANALYZE runs each; read the plans and the execution times.
#
#   Benchmarks/pg-prices-index.sh
#
# LGR_CHECK_DIR is the work directory (default /tmp/pg-prices-index). Run as root: the cluster
# runs as the `postgres` user (initdb refuses root) on a Unix socket; it is stopped at exit.
set -euo pipefail
W=${LGR_CHECK_DIR:-/tmp/pg-prices-index}
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_pg() { runuser -u postgres -- "$@"; }
rm -rf "$W"; mkdir -p "$W/sock" "$W/pg"; chown postgres "$W/sock" "$W/pg"
as_pg "$pgbin/initdb" -D "$W/pg" -U ledger -A trust -E UTF8 --locale=C >/dev/null
as_pg "$pgbin/postgres" -D "$W/pg" -k "$W/sock" -c listen_addresses= -c port=55499 >"$W/pg.log" 2>&1 &
trap 'kill $(head -1 "$W/pg/postmaster.pid") 2>/dev/null' EXIT
for _ in $(seq 1 100); do [ -S "$W/sock/.s.PGSQL.55499" ] && break; sleep 0.1; done
sql() { "$pgbin/psql" -h "$W/sock" -p 55499 -U ledger -d postgres -X -q "$@"; }
sql <<'SQL'
CREATE TABLE prices (
    user_id BIGINT NOT NULL,
    asset TEXT COLLATE "C" NOT NULL, quote TEXT COLLATE "C" NOT NULL, observed_at BIGINT NOT NULL,
    price TEXT NOT NULL, source TEXT COLLATE "C" NOT NULL, fetched_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, asset, quote, observed_at, source), CHECK (asset <> quote));
INSERT INTO prices SELECT 1, 'A' || a, 'USD', 1700000000 + h * 3600, '1.5', 'coingecko', 1
    FROM generate_series(1, 40) a, generate_series(1, 2500) h;
INSERT INTO prices SELECT u, 'A' || a, 'USD', 1700000000 + h * 3600, '1.5', 'coingecko', 1
    FROM generate_series(2, 10) u, generate_series(1, 10) a, generate_series(1, 1000) h;
ANALYZE prices;
SQL
read_max() {
    for _ in 1 2 3; do
        sql -c "EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON) SELECT max(observed_at) FROM prices WHERE user_id = 1" \
            | grep -E "Scan|Execution"
    done
}
echo "== without the index (the primary key leads with user_id, asset)"
read_max
sql -c "CREATE INDEX prices_by_time ON prices (user_id, observed_at)" -c "ANALYZE prices"
echo "== with prices_by_time (user_id, observed_at)"
read_max
