// SHA-256 (and for `ledger live`'s WebSocket upgrade SHA-1 and base64) from the system's
// libcrypto (OpenSSL 3), without its development package: libcurl4, which the build needs
// anyway (libcurl4-openssl-dev), depends on libssl3, whose libcrypto.so.3 this module links by
// its file name (module.modulemap). The few declarations it uses are written here as OpenSSL 3
// declares them (openssl/sha.h, openssl/evp.h); their ABI is OpenSSL's stable one. The
// low-level SHA256_* calls keep their state in a struct on the caller's stack (no allocation
// per hash, unlike EVP_MD_CTX).
#include <stddef.h>

#define SHA_LBLOCK 16
#define SHA256_DIGEST_LENGTH 32
#define SHA_DIGEST_LENGTH 20

typedef struct SHA256state_st {
    unsigned int h[8];
    unsigned int Nl, Nh;
    unsigned int data[SHA_LBLOCK];
    unsigned int num, md_len;
} SHA256_CTX;

int SHA256_Init(SHA256_CTX *c);
int SHA256_Update(SHA256_CTX *c, const void *data, size_t len);
int SHA256_Final(unsigned char *md, SHA256_CTX *c);
unsigned char *SHA1(const unsigned char *d, size_t n, unsigned char *md);
int EVP_EncodeBlock(unsigned char *t, const unsigned char *f, int n);
