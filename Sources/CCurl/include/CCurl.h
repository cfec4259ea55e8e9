#ifndef LEDGER_CCURL_H
#define LEDGER_CCURL_H

#include <stddef.h>

/// One HTTP GET (or POST) through libcurl, which is loaded with dlopen on the first call: a command that
/// sends no request never pays for loading libcurl and the thirty libraries it pulls in
/// (about 10 ms of every process start when it was linked; docs/PERFORMANCE.md).
typedef struct ledger_http_response {
    /// 0 on success, else a CURLcode; -1 when libcurl could not be loaded.
    int code;
    /// The HTTP status of the last response (after redirects).
    long status;
    /// The body, malloc'ed (free with ledger_http_response_free).
    unsigned char *body;
    size_t body_length;
    /// Every header line received, as sent ("Name: value\r\n"; each response of a redirect
    /// chain starts with its status line).
    char *headers;
    size_t headers_length;
    /// libcurl's own description of a failure, or why it could not be loaded.
    char message[256];
} ledger_http_response;

/// Sends a GET to `url` with `header_count` header lines ("Name: value"), waiting at most
/// `connect_timeout_ms` for the connection and `timeout_ms` in all. Fills `response`;
/// returns its `code`.
int ledger_http_get(const char *url, const char *const *header_lines, int header_count,
                    long timeout_ms, long connect_timeout_ms, ledger_http_response *response);

/// As ledger_http_get, but a POST of `body_length` bytes of `body` when `body` is not NULL
/// (a webhook); the header lines should name the body's Content-Type.
int ledger_http_send(const char *url, const char *const *header_lines, int header_count,
                     const unsigned char *body, size_t body_length, long timeout_ms, long connect_timeout_ms,
                     ledger_http_response *response);

/// Frees what ledger_http_get allocated in `response`.
void ledger_http_response_free(ledger_http_response *response);

/// Why ledger_stream_open failed.
typedef struct ledger_stream_failure {
    /// A CURLcode; -1 when libcurl could not be loaded.
    int code;
    /// The system's errno of a failed connect (ECONNREFUSED, …), else 0.
    int os_errno;
    char message[256];
} ledger_stream_failure;

/// What ledger_stream_send and ledger_stream_recv return when nothing moved within the time.
#define LEDGER_STREAM_TIMED_OUT (-2)

/// Connects to `url` (http:// or https://, TLS included) and stops there: the connection, or
/// NULL with `failure` filled. Close it with ledger_stream_close.
void *ledger_stream_open(const char *url, long connect_timeout_ms, ledger_stream_failure *failure);

/// Sends all `length` bytes: 0, LEDGER_STREAM_TIMED_OUT when the socket took none for
/// `timeout_ms`, else a CURLcode.
int ledger_stream_send(void *stream, const unsigned char *bytes, size_t length, long timeout_ms);

/// Reads what has arrived, up to `capacity` bytes, waiting at most `timeout_ms` for any: 0 with
/// `*received` > 0, 0 with `*received` = 0 when the peer closed the connection,
/// LEDGER_STREAM_TIMED_OUT, else a CURLcode.
int ledger_stream_recv(void *stream, unsigned char *buffer, size_t capacity, long timeout_ms, size_t *received);

/// libcurl's sentence for a code ledger_stream_send or ledger_stream_recv returned.
const char *ledger_stream_error(int code);

void ledger_stream_close(void *stream);

#endif
