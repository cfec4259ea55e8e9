#!/usr/bin/env bash
# A check by hand of `ledger serve --database` (issue 38, docs/SERVER.md "The database and its
# password" and "Backups"): the password file and the config file against a throwaway cluster
# that asks for a password (scram over TCP on 127.0.0.1:55432), then pg_dump as the owner,
# pg_restore into a new database, and `ledger serve migrate` to the copy (Nothing to copy).
# Prints each step's output and exit status; read them.
#
#   Benchmarks/pg-config-check.sh [BUILD_DIR]     (default .build/debug)
#
# LGR_CHECK_DIR is the work directory (default /tmp/pg-config-check). Run as root: the cluster
# runs as the `postgres` user (initdb refuses root); it is stopped at exit.
set -uo pipefail
B=$(readlink -f "${1:-.build/debug}")
W=${LGR_CHECK_DIR:-/tmp/pg-config-check}
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_pg() { runuser -u postgres -- "$@"; }
rm -rf "$W"; mkdir -p "$W/sock" "$W/pg" "$W/cfg/ledger" "$W/state"; chown postgres "$W/sock" "$W/pg"
export XDG_STATE_HOME=$W/state LGR_SERVE_BINARY=$B/ledger-serve LGR_BCRYPT_COST=4 NO_COLOR=1
echo 's3cret-pw' > "$W/pwinit"; chmod 644 "$W/pwinit"
as_pg "$pgbin/initdb" -D "$W/pg" -U ledger --pwfile="$W/pwinit" -A scram-sha-256 -E UTF8 --locale=C >/dev/null
as_pg "$pgbin/postgres" -D "$W/pg" -k "$W/sock" -c listen_addresses=127.0.0.1 -c port=55432 >"$W/pg.log" 2>&1 &
for _ in $(seq 1 100); do [ -S "$W/sock/.s.PGSQL.55432" ] && break; sleep 0.1; done
trap 'kill $(head -1 "$W/pg/postmaster.pid") 2>/dev/null; kill $(cat $W/serve.pid 2>/dev/null) 2>/dev/null' EXIT
PGPASSWORD=s3cret-pw psql -h 127.0.0.1 -p 55432 -U ledger -d postgres -Atc "CREATE DATABASE books" 
url=postgres://ledger@127.0.0.1:55432/books
printf 's3cret-pw\n' > "$W/pw"; chmod 600 "$W/pw"
echo "== user add with --database-password-file (mode 600)"
echo alice-password | $B/ledger user add alice --admin --database "$url" --database-password-file "$W/pw"; echo "exit $?"
echo "== the same file, mode 644"
chmod 644 "$W/pw"; $B/ledger user list --database "$url" --database-password-file "$W/pw"; echo "exit $?"; chmod 600 "$W/pw"
echo "== no password anywhere"
$B/ledger user list --database "$url"; echo "exit $?"
echo "== the config file alone (database + database_password_file)"
printf '{"database": "%s", "database_password_file": "%s"}\n' "$url" "$W/pw" > "$W/cfg/ledger/config.json"
XDG_CONFIG_HOME=$W/cfg $B/ledger user list; echo "exit $?"
echo "== PGPASSWORD"
PGPASSWORD=s3cret-pw $B/ledger user list --database "$url"; echo "exit $?"
echo "== a wrong password from LGR_DATABASE_PASSWORD_FILE"
printf 'wrong\n' > "$W/pw2"; chmod 600 "$W/pw2"
LGR_DATABASE_PASSWORD_FILE=$W/pw2 $B/ledger user list --database "$url"; echo "exit $?"
echo "== serve from the config file"
XDG_CONFIG_HOME=$W/cfg $B/ledger serve --data-dir "$W/data" --port 0 >"$W/serve.log" 2>&1 &
echo $! > "$W/serve.pid"
for _ in $(seq 1 100); do grep -q listening "$W/serve.log" && break; sleep 0.2; done
head -1 "$W/serve.log"
port=$(grep -o 'http://127.0.0.1:[0-9]*' "$W/serve.log" | head -1 | sed 's/.*://')
curl -s "http://127.0.0.1:$port/healthz"; echo
kill "$(cat $W/serve.pid)"; sleep 1; grep -c s3cret "$W/serve.log"
echo "== backup: migrate a data directory, dump, restore, migrate again"
D=$W/files
echo bob-password | $B/ledger user add bob --data-dir "$D" >/dev/null
$B/ledger --ledger "$D/users/bob/books.ledger" add buy BTC 0.1 @ 30000 --date 2024-01-02 >/dev/null
$B/ledger --ledger "$D/users/bob/books.ledger" add buy ETH 1 @ 2000 --date 2024-02-02 >/dev/null
LGR_DATABASE_PASSWORD_FILE=$W/pw $B/ledger serve migrate --from "$D" --to "$url"
PGPASSWORD=s3cret-pw pg_dump -Fc -h 127.0.0.1 -p 55432 -U ledger -d books -f "$W/books.dump"; echo "pg_dump exit $?"
PGPASSWORD=s3cret-pw psql -h 127.0.0.1 -p 55432 -U ledger -d postgres -Atc "CREATE DATABASE restored"
PGPASSWORD=s3cret-pw pg_restore -h 127.0.0.1 -p 55432 -U ledger -d restored "$W/books.dump"; echo "pg_restore exit $?"
LGR_DATABASE_PASSWORD_FILE=$W/pw $B/ledger serve migrate --from "$D" --to postgres://ledger@127.0.0.1:55432/restored
echo "exit $?"
