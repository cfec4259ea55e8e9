#ifndef LEDGER_CLIBPQ_H
#define LEDGER_CLIBPQ_H

#include <stddef.h>

/// PostgreSQL's own client, libpq (libpq.so.5, Debian's libpq5), loaded with dlopen on the first
/// connect of `ledger-serve --database` (docs/ARCHITECTURE.md, "Synchronous stores on
/// PostgreSQL"): nothing is needed to build, and only a server started with `--database` needs
/// the library. Only what the PostgreSQL store calls is declared here, from libpq-fe.h's
/// documented API (PostgreSQL 10 or later); its objects are opaque.
typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;

/// Loads libpq from `library` ("libpq.so.5"; its functions are bound once). Returns 0 when
/// every function below can be called; 1 when the library is not there; 2 when it lacks a
/// function, whose name is then in `missing` (of `size` bytes).
int ledger_pq_load(const char *library, char *missing, size_t size);

/// Connects with libpq's keywords and values (NULL-terminated lists, PQconnectStartParams)
/// within `timeout_ms`, polling the socket. Returns NULL when out of memory, else the
/// connection: ledger_pq_ok says whether it is open; when not, ledger_pq_error says why
/// (the server's refusals with their SQLSTATE: "FATAL:  28P01: …"), and `*timed_out` is 1
/// when the bound passed first. Either way it is freed with ledger_pq_finish.
PGconn *ledger_pq_connect(const char *const *keywords, const char *const *values, int timeout_ms,
                          int *timed_out);

/// 1 while the connection is open (PQstatus is CONNECTION_OK).
int ledger_pq_ok(const PGconn *connection);
/// libpq's last message on the connection (PQerrorMessage).
const char *ledger_pq_error(const PGconn *connection);
/// Closes the connection and frees it (PQfinish).
void ledger_pq_finish(PGconn *connection);

/// Sends `sql` with `count` parameters (PQsendQueryParams: `types` as OIDs, `values` NUL-ended
/// text or `lengths` bytes where `formats` is 1, NULL for SQL NULL; rows come back as text)
/// and waits at most `timeout_ms` for the whole answer, polling the socket. Returns 0 with
/// `*result` the statement's result (its error when it failed; free it with ledger_pq_clear);
/// 1 when the bound passed; -1 when the connection failed (ledger_pq_error).
int ledger_pq_run(PGconn *connection, const char *sql, int count, const unsigned int *types,
                  const char *const *values, const int *lengths, const int *formats, int timeout_ms,
                  PGresult **result);

/// 1 when `result` is a success (PGRES_COMMAND_OK, PGRES_TUPLES_OK).
int ledger_pq_succeeded(const PGresult *result);
/// A field of a failed result ('C' the SQLSTATE, 'M' the primary message), or NULL.
const char *ledger_pq_field(const PGresult *result, int code);
/// The message of a failed result (PQresultErrorMessage), e.g. a connection that broke.
const char *ledger_pq_message(const PGresult *result);
int ledger_pq_rows(const PGresult *result);
int ledger_pq_columns(const PGresult *result);
/// A cell as text, NUL-ended, "" for NULL (PQgetvalue); its length in bytes; whether NULL.
const char *ledger_pq_value(const PGresult *result, int row, int column);
int ledger_pq_length(const PGresult *result, int row, int column);
int ledger_pq_is_null(const PGresult *result, int row, int column);
void ledger_pq_clear(PGresult *result);

/// The bytes of a bytea cell in text form ("\x…"; PQunescapeBytea), or NULL; free with
/// ledger_pq_free.
unsigned char *ledger_pq_unescape_bytea(const unsigned char *text, size_t *length);
void ledger_pq_free(void *memory);

#endif
