// libpq, PostgreSQL's C client library (Debian libpq-dev; pkg-config libpq gives the include path).
#ifndef TESSERA_CPOSTGRES_SHIM_H
#define TESSERA_CPOSTGRES_SHIM_H
#include <libpq-fe.h>
#endif
