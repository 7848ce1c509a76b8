// SQLite's C API for Swift. SQLITE_TRANSIENT is a macro casting -1 to a function pointer,
// which Swift cannot import; the helper below gives it a name.
#ifndef TESSERA_CSQLITE_SHIM_H
#define TESSERA_CSQLITE_SHIM_H
#include <sqlite3.h>
static inline sqlite3_destructor_type tessera_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
