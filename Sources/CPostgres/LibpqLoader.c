#include "CPostgres.h"
#include <dlfcn.h>
#include <stdio.h>

bool tessera_libpq_open(const char *soname, TesseraLibpq *functions, char *error, size_t errorSize) {
    // RTLD_LOCAL: libpq's symbols stay out of the global namespace, where they could satisfy
    // some other library's lookups.
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(error, errorSize, "%s", dlerror());
        return false;
    }
    TesseraLibpq loaded;
#define TESSERA_LIBPQ_LOAD(name) \
    loaded.name = (__typeof__(&name))dlsym(library, #name); \
    if (loaded.name == NULL) { \
        snprintf(error, errorSize, "%s has no function %s", soname, #name); \
        dlclose(library); \
        return false; \
    }
    TESSERA_LIBPQ_FUNCTIONS(TESSERA_LIBPQ_LOAD)
#undef TESSERA_LIBPQ_LOAD
    *functions = loaded;
    return true;
}
