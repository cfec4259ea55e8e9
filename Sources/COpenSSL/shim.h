// SHA-256 (and for `ledger live`'s WebSocket upgrade SHA-1 and base64) from the system's libcrypto (OpenSSL 3, Debian's libssl-dev). The low-level SHA256_*
// calls keep their state in a struct on the caller's stack (no allocation per hash, unlike
// EVP_MD_CTX); OpenSSL 3 marks them deprecated in favour of EVP, which this module does not
// need: the define keeps the warning out of every Swift file that calls them.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/evp.h>
#include <openssl/sha.h>
