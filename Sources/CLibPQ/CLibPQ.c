// libpq through dlopen: see include/CLibPQ.h for why. The few constants used are libpq-fe.h's
// (stable since PostgreSQL 7.4: CONNECTION_OK 0, the polling states, the result statuses).
#include "CLibPQ.h"

#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

enum { CONNECTION_OK = 0 };
enum { POLLING_FAILED = 0, POLLING_READING = 1, POLLING_WRITING = 2, POLLING_OK = 3 };
enum { RESULT_COMMAND_OK = 1, RESULT_TUPLES_OK = 2 };
enum { ERRORS_VERBOSE = 2 };

static struct {
    PGconn *(*connect_start_params)(const char *const *, const char *const *, int);
    int (*connect_poll)(PGconn *);
    int (*status)(const PGconn *);
    char *(*error_message)(const PGconn *);
    void (*finish)(PGconn *);
    int (*socket)(const PGconn *);
    int (*set_nonblocking)(PGconn *, int);
    int (*set_error_verbosity)(PGconn *, int);
    int (*send_query_params)(PGconn *, const char *, int, const unsigned int *, const char *const *,
                             const int *, const int *, int);
    int (*flush)(PGconn *);
    int (*consume_input)(PGconn *);
    int (*is_busy)(PGconn *);
    PGresult *(*get_result)(PGconn *);
    int (*result_status)(const PGresult *);
    char *(*result_error_field)(const PGresult *, int);
    char *(*result_error_message)(const PGresult *);
    int (*ntuples)(const PGresult *);
    int (*nfields)(const PGresult *);
    char *(*get_value)(const PGresult *, int, int);
    int (*get_length)(const PGresult *, int, int);
    int (*get_is_null)(const PGresult *, int, int);
    void (*clear)(PGresult *);
    unsigned char *(*unescape_bytea)(const unsigned char *, size_t *);
    void (*free_memory)(void *);
} pq;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static int loaded;

#define FIND(field, name)                                                                          \
    if (!(*(void **)&pq.field = dlsym(library, name))) {                                           \
        snprintf(missing, size, "%s", name);                                                       \
        return 2;                                                                                  \
    }

static int bind_functions(void *library, char *missing, size_t size) {
    FIND(connect_start_params, "PQconnectStartParams");
    FIND(connect_poll, "PQconnectPoll");
    FIND(status, "PQstatus");
    FIND(error_message, "PQerrorMessage");
    FIND(finish, "PQfinish");
    FIND(socket, "PQsocket");
    FIND(set_nonblocking, "PQsetnonblocking");
    FIND(set_error_verbosity, "PQsetErrorVerbosity");
    FIND(send_query_params, "PQsendQueryParams");
    FIND(flush, "PQflush");
    FIND(consume_input, "PQconsumeInput");
    FIND(is_busy, "PQisBusy");
    FIND(get_result, "PQgetResult");
    FIND(result_status, "PQresultStatus");
    FIND(result_error_field, "PQresultErrorField");
    FIND(result_error_message, "PQresultErrorMessage");
    FIND(ntuples, "PQntuples");
    FIND(nfields, "PQnfields");
    FIND(get_value, "PQgetvalue");
    FIND(get_length, "PQgetlength");
    FIND(get_is_null, "PQgetisnull");
    FIND(clear, "PQclear");
    FIND(unescape_bytea, "PQunescapeBytea");
    FIND(free_memory, "PQfreemem");
    return 0;
}

int ledger_pq_load(const char *library_name, char *missing, size_t size) {
    pthread_mutex_lock(&load_lock);
    int outcome = 0;
    // Opened whatever is loaded already, so that a name that is not there says so.
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        outcome = 1;
    } else if (!loaded && (outcome = bind_functions(library, missing, size)) != 0) {
        memset(&pq, 0, sizeof pq);
        dlclose(library);
    } else {
        loaded = 1;
    }
    pthread_mutex_unlock(&load_lock);
    return outcome;
}

static long long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* Waits until the connection's socket is ready for `events` or `deadline` passes: > 0 ready,
   0 the bound passed, -1 the socket failed. */
static int wait_for(const PGconn *connection, short events, long long deadline) {
    for (;;) {
        long long left = deadline - now_ms();
        if (left <= 0) return 0;
        struct pollfd target = {.fd = pq.socket(connection), .events = events};
        if (target.fd < 0) return -1;
        int ready = poll(&target, 1, left > 60000 ? 60000 : (int)left);
        if (ready > 0) return target.revents;
        if (ready < 0 && errno != EINTR) return -1;
    }
}

PGconn *ledger_pq_connect(const char *const *keywords, const char *const *values, int timeout_ms,
                          int *timed_out) {
    *timed_out = 0;
    long long deadline = now_ms() + timeout_ms;
    PGconn *connection = pq.connect_start_params(keywords, values, 0);
    if (!connection) return NULL;
    // A refusal's text then carries its SQLSTATE ("FATAL:  28P01: …").
    pq.set_error_verbosity(connection, ERRORS_VERBOSE);
    int state = POLLING_WRITING;
    while (pq.status(connection) != 1 /* CONNECTION_BAD */ && state != POLLING_OK && state != POLLING_FAILED) {
        int ready = wait_for(connection, state == POLLING_READING ? POLLIN : POLLOUT, deadline);
        if (ready == 0) {
            *timed_out = 1;
            return connection;
        }
        state = pq.connect_poll(connection);
    }
    if (pq.status(connection) == CONNECTION_OK) pq.set_nonblocking(connection, 1);
    return connection;
}

int ledger_pq_ok(const PGconn *connection) { return pq.status(connection) == CONNECTION_OK; }
const char *ledger_pq_error(const PGconn *connection) { return pq.error_message(connection); }
void ledger_pq_finish(PGconn *connection) { pq.finish(connection); }

/* Sends what the non-blocking connection still holds. */
static int flush_all(PGconn *connection, long long deadline) {
    for (;;) {
        int pending = pq.flush(connection);
        if (pending <= 0) return pending;
        int ready = wait_for(connection, POLLIN | POLLOUT, deadline);
        if (ready == 0) return 1;
        if (ready < 0 || ((ready & POLLIN) && !pq.consume_input(connection))) return -1;
    }
}

int ledger_pq_run(PGconn *connection, const char *sql, int count, const unsigned int *types,
                  const char *const *values, const int *lengths, const int *formats, int timeout_ms,
                  PGresult **result) {
    *result = NULL;
    long long deadline = now_ms() + timeout_ms;
    if (!pq.send_query_params(connection, sql, count, types, values, lengths, formats, 0)) return -1;
    int flushed = flush_all(connection, deadline);
    if (flushed != 0) return flushed;
    PGresult *kept = NULL;
    for (;;) {
        while (pq.is_busy(connection)) {
            int ready = wait_for(connection, POLLIN, deadline);
            if (ready <= 0 || !pq.consume_input(connection)) {
                if (kept) pq.clear(kept);
                return ready == 0 ? 1 : -1;
            }
        }
        PGresult *next = pq.get_result(connection);
        if (!next) break;
        // One statement has one result; keep a failure over anything after it.
        if (kept && !ledger_pq_succeeded(kept)) {
            pq.clear(next);
        } else {
            if (kept) pq.clear(kept);
            kept = next;
        }
    }
    *result = kept;
    return kept ? 0 : -1;
}

int ledger_pq_succeeded(const PGresult *result) {
    int status = pq.result_status(result);
    return status == RESULT_COMMAND_OK || status == RESULT_TUPLES_OK;
}
const char *ledger_pq_field(const PGresult *result, int code) { return pq.result_error_field(result, code); }
const char *ledger_pq_message(const PGresult *result) { return pq.result_error_message(result); }
int ledger_pq_rows(const PGresult *result) { return pq.ntuples(result); }
int ledger_pq_columns(const PGresult *result) { return pq.nfields(result); }
const char *ledger_pq_value(const PGresult *result, int row, int column) {
    return pq.get_value(result, row, column);
}
int ledger_pq_length(const PGresult *result, int row, int column) { return pq.get_length(result, row, column); }
int ledger_pq_is_null(const PGresult *result, int row, int column) { return pq.get_is_null(result, row, column); }
void ledger_pq_clear(PGresult *result) { pq.clear(result); }
unsigned char *ledger_pq_unescape_bytea(const unsigned char *text, size_t *length) {
    return pq.unescape_bytea(text, length);
}
void ledger_pq_free(void *memory) { pq.free_memory(memory); }
