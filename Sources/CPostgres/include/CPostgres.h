// libpq, PostgreSQL's C client library, loaded with dlopen the first time a PostgreSQL store is
// opened: a kiosk on SQLite never maps it (nor the ~20 libraries it needs: TLS, Kerberos, LDAP…).
// Each function pointer's type is taken from <libpq-fe.h>, so the compiler checks every call
// against the real header. Nothing here is named PQ* at file scope: a symbol of ours with
// libpq's name would be interposed into libpq itself.
#ifndef TESSERA_CPOSTGRES_H
#define TESSERA_CPOSTGRES_H
#include <stdbool.h>
#include <stddef.h>
#include <libpq-fe.h>

// Every libpq function Tessera calls: add a name here to call it through `TesseraLibpq`.
#define TESSERA_LIBPQ_FUNCTIONS(X) \
    X(PQclear) X(PQcmdTuples) X(PQconnectdbParams) X(PQconsumeInput) X(PQerrorMessage) \
    X(PQexec) X(PQexecPrepared) X(PQfinish) X(PQfreemem) X(PQgetisnull) X(PQgetlength) X(PQgetvalue) \
    X(PQnotifies) X(PQntuples) X(PQprepare) X(PQresultErrorField) X(PQresultErrorMessage) \
    X(PQresultStatus) X(PQsetNoticeProcessor) X(PQsocket) X(PQstatus)

#pragma clang assume_nonnull begin

#define TESSERA_LIBPQ_FIELD(name) __typeof__(&name) name;
typedef struct TesseraLibpq {
    TESSERA_LIBPQ_FUNCTIONS(TESSERA_LIBPQ_FIELD)
} TesseraLibpq;
#undef TESSERA_LIBPQ_FIELD

// Opens the library `soname` (RTLD_NOW | RTLD_LOCAL) and fills `functions`. On failure returns
// false with what is missing in `error` (dlerror's words, or the function not found) and leaves
// nothing loaded. dlopen counts references, so a second call costs a lookup, not a load.
bool tessera_libpq_open(const char *soname, TesseraLibpq *functions, char *error, size_t errorSize);

#pragma clang assume_nonnull end

#endif
