// What Swift cannot import from GTK directly: macros, variadic calls, version gates,
// and libdispatch's main-queue hooks. Everything here is `static inline` or a declaration.
#ifndef TESSERA_CGTK_SHIM_H
#define TESSERA_CGTK_SHIM_H
#include <gtk/gtk.h>
#endif
