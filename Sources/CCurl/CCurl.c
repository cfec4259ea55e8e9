// libcurl through dlopen: see include/CCurl.h for why. Only the declarations of <curl/curl.h>
// are used (types and option numbers); the functions come from dlsym.
#include "CCurl.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLcode (*easy_send)(CURL *, const void *, size_t, size_t *);
    CURLcode (*easy_recv)(CURL *, void *, size_t, size_t *);
    char load_error[200];
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void *symbol(void *library, const char *name) {
    void *found = dlsym(library, name);
    if (!found && !curl.load_error[0]) {
        snprintf(curl.load_error, sizeof curl.load_error, "libcurl has no %s", name);
    }
    return found;
}

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(curl.load_error, sizeof curl.load_error,
                 "libcurl is not installed (apt-get install libcurl4)");
        return;
    }
    curl.global_init = symbol(library, "curl_global_init");
    curl.easy_init = symbol(library, "curl_easy_init");
    curl.easy_setopt = symbol(library, "curl_easy_setopt");
    curl.easy_perform = symbol(library, "curl_easy_perform");
    curl.easy_getinfo = symbol(library, "curl_easy_getinfo");
    curl.easy_cleanup = symbol(library, "curl_easy_cleanup");
    curl.easy_strerror = symbol(library, "curl_easy_strerror");
    curl.slist_append = symbol(library, "curl_slist_append");
    curl.slist_free_all = symbol(library, "curl_slist_free_all");
    curl.easy_send = symbol(library, "curl_easy_send");
    curl.easy_recv = symbol(library, "curl_easy_recv");
    // Not thread-safe in older libcurl, hence inside the once.
    if (!curl.load_error[0] && curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(curl.load_error, sizeof curl.load_error, "libcurl failed to initialise");
    }
}

/* The most a response (body or headers) may hold: 64 MiB, far above any answer a market-data
   API sends (docs/MARKET-DATA.md); a larger one is cut off and the request fails. */
#define LEDGER_HTTP_RESPONSE_LIMIT ((size_t)64 << 20)

typedef struct buffer {
    char *bytes;
    size_t length;
    size_t capacity;
    int failed;
} buffer;

static size_t append(char *data, size_t size, size_t count, void *target) {
    buffer *into = target;
    size_t length = size * count;
    if (into->length + length > LEDGER_HTTP_RESPONSE_LIMIT) { into->failed = 2; return 0; }
    if (into->length + length + 1 > into->capacity) {
        size_t capacity = into->capacity ? into->capacity : 16384;
        while (capacity < into->length + length + 1) capacity *= 2;
        char *grown = realloc(into->bytes, capacity);
        if (!grown) { into->failed = 1; return 0; }
        into->bytes = grown;
        into->capacity = capacity;
    }
    memcpy(into->bytes + into->length, data, length);
    into->length += length;
    into->bytes[into->length] = 0;
    return length;
}

static void fail(ledger_http_response *response, int code, const char *message) {
    response->code = code;
    snprintf(response->message, sizeof response->message, "%s", message);
}

static void configure(CURL *handle, const char *url, struct curl_slist *lines, long timeout_ms,
                      long connect_timeout_ms, buffer *body, buffer *headers) {
    curl.easy_setopt(handle, CURLOPT_URL, url);
    curl.easy_setopt(handle, CURLOPT_HTTPHEADER, lines);
    curl.easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, connect_timeout_ms);
    // No SIGALRM for DNS timeouts: the process has other threads.
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(handle, CURLOPT_MAXREDIRS, 5L);
    // The string options need libcurl 7.85; older ones take the (since deprecated) bitmasks.
    if (curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK ||
        curl.easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") != CURLE_OK) {
        curl.easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
        curl.easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    }
    // Every encoding this libcurl decodes is offered, and bodies arrive decoded.
    curl.easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, CURLOPT_USERAGENT, "ledger");
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, append);
    curl.easy_setopt(handle, CURLOPT_WRITEDATA, body);
    curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, append);
    curl.easy_setopt(handle, CURLOPT_HEADERDATA, headers);
}

int ledger_http_get(const char *url, const char *const *header_lines, int header_count,
                    long timeout_ms, long connect_timeout_ms, ledger_http_response *response) {
    return ledger_http_send(url, header_lines, header_count, NULL, 0, timeout_ms, connect_timeout_ms, response);
}

int ledger_http_send(const char *url, const char *const *header_lines, int header_count,
                     const unsigned char *post_body, size_t post_length, long timeout_ms, long connect_timeout_ms,
                     ledger_http_response *response) {
    memset(response, 0, sizeof *response);
    pthread_once(&load_once, load);
    if (curl.load_error[0]) { fail(response, -1, curl.load_error); return -1; }
    CURL *handle = curl.easy_init();
    if (!handle) { fail(response, CURLE_FAILED_INIT, "libcurl could not start a request"); return response->code; }
    struct curl_slist *lines = NULL;
    for (int index = 0; index < header_count; index++) {
        lines = curl.slist_append(lines, header_lines[index]);
    }
    buffer body = {0}, headers = {0};
    configure(handle, url, lines, timeout_ms, connect_timeout_ms, &body, &headers);
    if (post_body) {
        curl.easy_setopt(handle, CURLOPT_POSTFIELDSIZE, (long)post_length);
        curl.easy_setopt(handle, CURLOPT_POSTFIELDS, (const char *)post_body);
    }
    CURLcode code = curl.easy_perform(handle);
    if (code == CURLE_OK) {
        curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &response->status);
    } else {
        fail(response, code, curl.easy_strerror(code));
    }
    if (code == CURLE_WRITE_ERROR && (body.failed == 2 || headers.failed == 2)) {
        fail(response, CURLE_FILESIZE_EXCEEDED, "the response is larger than 64 MiB, the most this tool reads");
    } else if (code == CURLE_WRITE_ERROR && (body.failed || headers.failed)) {
        fail(response, CURLE_OUT_OF_MEMORY, "out of memory reading the response");
    }
    response->body = (unsigned char *)body.bytes;
    response->body_length = body.length;
    response->headers = headers.bytes;
    response->headers_length = headers.length;
    curl.slist_free_all(lines);
    curl.easy_cleanup(handle);
    return response->code;
}

void ledger_http_response_free(ledger_http_response *response) {
    free(response->body);
    free(response->headers);
    response->body = NULL;
    response->headers = NULL;
}

// A raw connection for `ledger live`'s WebSocket (LedgerStream): libcurl connects, with TLS for
// https://, and stops there (CONNECT_ONLY); the caller speaks the protocol over send and recv.

void *ledger_stream_open(const char *url, long connect_timeout_ms, ledger_stream_failure *failure) {
    memset(failure, 0, sizeof *failure);
    pthread_once(&load_once, load);
    if (curl.load_error[0]) {
        failure->code = -1;
        snprintf(failure->message, sizeof failure->message, "%s", curl.load_error);
        return NULL;
    }
    CURL *handle = curl.easy_init();
    if (!handle) {
        failure->code = CURLE_FAILED_INIT;
        snprintf(failure->message, sizeof failure->message, "libcurl could not start a connection");
        return NULL;
    }
    char details[CURL_ERROR_SIZE] = {0};
    curl.easy_setopt(handle, CURLOPT_URL, url);
    curl.easy_setopt(handle, CURLOPT_CONNECT_ONLY, 1L);
    // TLS's ALPN offers HTTP/1.1 only: the upgrade to a WebSocket is an HTTP/1.1 request.
    curl.easy_setopt(handle, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_1_1);
    curl.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, connect_timeout_ms);
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, details);
    CURLcode code = curl.easy_perform(handle);
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, NULL);
    if (code != CURLE_OK) {
        long os_errno = 0;
        curl.easy_getinfo(handle, CURLINFO_OS_ERRNO, &os_errno);
        failure->code = code;
        failure->os_errno = (int)os_errno;
        snprintf(failure->message, sizeof failure->message, "%s", details[0] ? details : curl.easy_strerror(code));
        curl.easy_cleanup(handle);
        return NULL;
    }
    return handle;
}

/* Waits until the connection's socket is ready for `events`, at most `timeout_ms`: 1 ready,
   0 timed out, -1 failed. */
static int wait_for(CURL *handle, short events, long timeout_ms) {
    curl_socket_t socket = CURL_SOCKET_BAD;
    if (curl.easy_getinfo(handle, CURLINFO_ACTIVESOCKET, &socket) != CURLE_OK || socket == CURL_SOCKET_BAD) return -1;
    struct pollfd ready = {.fd = socket, .events = events};
    int result;
    do { result = poll(&ready, 1, (int)timeout_ms); } while (result < 0 && errno == EINTR);
    return result;
}

int ledger_stream_send(void *stream, const unsigned char *bytes, size_t length, long timeout_ms) {
    size_t sent = 0;
    while (sent < length) {
        size_t count = 0;
        CURLcode code = curl.easy_send(stream, bytes + sent, length - sent, &count);
        if (code == CURLE_AGAIN) {
            int ready = wait_for(stream, POLLOUT, timeout_ms);
            if (ready <= 0) return ready == 0 ? LEDGER_STREAM_TIMED_OUT : CURLE_SEND_ERROR;
            continue;
        }
        if (code != CURLE_OK) return code;
        sent += count;
    }
    return 0;
}

int ledger_stream_recv(void *stream, unsigned char *buffer, size_t capacity, long timeout_ms, size_t *received) {
    *received = 0;
    for (;;) {
        CURLcode code = curl.easy_recv(stream, buffer, capacity, received);
        if (code != CURLE_AGAIN) return code;
        int ready = wait_for(stream, POLLIN, timeout_ms);
        if (ready <= 0) return ready == 0 ? LEDGER_STREAM_TIMED_OUT : CURLE_RECV_ERROR;
    }
}

const char *ledger_stream_error(int code) {
    if (code == LEDGER_STREAM_TIMED_OUT) return "timed out";
    return curl.easy_strerror ? curl.easy_strerror((CURLcode)code) : "libcurl is not loaded";
}

void ledger_stream_close(void *stream) { curl.easy_cleanup(stream); }
