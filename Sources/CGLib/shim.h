// GLib alone, for the layers below the UI (the store's time zones): they need no GTK.
#ifndef TESSERA_CGLIB_SHIM_H
#define TESSERA_CGLIB_SHIM_H
#include <glib.h>

// g_time_zone_new_identifier returns NULL for an unknown zone only from 2.68 on.
#if !GLIB_CHECK_VERSION(2, 68, 0)
#error "Tessera needs GLib 2.68 or newer"
#endif
#endif
