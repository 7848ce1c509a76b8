// What Swift cannot import from GTK directly: macros, variadic calls, version gates,
// and libdispatch's main-queue hooks. Everything here is `static inline` or a declaration.
#ifndef TESSERA_CGTK_SHIM_H
#define TESSERA_CGTK_SHIM_H
#include <gtk/gtk.h>
#include <glib-unix.h>

// Tessera binds GTK 4.8 API only; newer symbols must stay behind a gate like this one.
#if !GTK_CHECK_VERSION(4, 8, 0)
#error "Tessera needs GTK 4.8 or newer"
#endif

/// 1 when the headers are GTK 4.10 or newer. Swift code must not call 4.10+ symbols;
/// the flag exists so a test can report which headers the build saw.
static inline int tessera_gtk_headers_are_4_10_or_newer(void) {
#if GTK_CHECK_VERSION(4, 10, 0)
    return 1;
#else
    return 0;
#endif
}

// MARK: - Type getters (the G_TYPE_* / GTK_TYPE_* macros do not import)

static inline GType tessera_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType tessera_type_int(void) { return G_TYPE_INT; }
static inline GType tessera_type_string(void) { return G_TYPE_STRING; }
static inline GType tessera_type_object(void) { return G_TYPE_OBJECT; }
static inline GType tessera_type_widget(void) { return GTK_TYPE_WIDGET; }
static inline GType tessera_type_window(void) { return GTK_TYPE_WINDOW; }
static inline GType tessera_type_application_window(void) { return GTK_TYPE_APPLICATION_WINDOW; }
static inline GType tessera_type_application(void) { return GTK_TYPE_APPLICATION; }
static inline GType tessera_type_box(void) { return GTK_TYPE_BOX; }
static inline GType tessera_type_grid(void) { return GTK_TYPE_GRID; }
static inline GType tessera_type_stack(void) { return GTK_TYPE_STACK; }
static inline GType tessera_type_label(void) { return GTK_TYPE_LABEL; }
static inline GType tessera_type_button(void) { return GTK_TYPE_BUTTON; }
static inline GType tessera_type_overlay(void) { return GTK_TYPE_OVERLAY; }
static inline GType tessera_type_spinner(void) { return GTK_TYPE_SPINNER; }
static inline GType tessera_type_image(void) { return GTK_TYPE_IMAGE; }
static inline GType tessera_type_separator(void) { return GTK_TYPE_SEPARATOR; }
static inline GType tessera_type_css_provider(void) { return GTK_TYPE_CSS_PROVIDER; }
static inline GType tessera_type_frame_clock(void) { return GDK_TYPE_FRAME_CLOCK; }

// MARK: - Checked casts (GTK_IS_* via g_type_check_instance_is_a)

static inline gboolean tessera_is_a(gpointer instance, GType type) {
    return instance != NULL && g_type_check_instance_is_a((GTypeInstance *)instance, type);
}
static inline gboolean tessera_is_object(gpointer p) { return tessera_is_a(p, G_TYPE_OBJECT); }
static inline gboolean tessera_is_widget(gpointer p) { return tessera_is_a(p, GTK_TYPE_WIDGET); }
static inline gboolean tessera_is_window(gpointer p) { return tessera_is_a(p, GTK_TYPE_WINDOW); }
static inline gboolean tessera_is_application_window(gpointer p) { return tessera_is_a(p, GTK_TYPE_APPLICATION_WINDOW); }
static inline gboolean tessera_is_application(gpointer p) { return tessera_is_a(p, GTK_TYPE_APPLICATION); }
static inline gboolean tessera_is_box(gpointer p) { return tessera_is_a(p, GTK_TYPE_BOX); }
static inline gboolean tessera_is_grid(gpointer p) { return tessera_is_a(p, GTK_TYPE_GRID); }
static inline gboolean tessera_is_stack(gpointer p) { return tessera_is_a(p, GTK_TYPE_STACK); }
static inline gboolean tessera_is_label(gpointer p) { return tessera_is_a(p, GTK_TYPE_LABEL); }
static inline gboolean tessera_is_button(gpointer p) { return tessera_is_a(p, GTK_TYPE_BUTTON); }
static inline gboolean tessera_is_overlay(gpointer p) { return tessera_is_a(p, GTK_TYPE_OVERLAY); }
static inline gboolean tessera_is_spinner(gpointer p) { return tessera_is_a(p, GTK_TYPE_SPINNER); }
static inline gboolean tessera_is_image(gpointer p) { return tessera_is_a(p, GTK_TYPE_IMAGE); }
static inline gboolean tessera_is_separator(gpointer p) { return tessera_is_a(p, GTK_TYPE_SEPARATOR); }
static inline gboolean tessera_is_css_provider(gpointer p) { return tessera_is_a(p, GTK_TYPE_CSS_PROVIDER); }
static inline gboolean tessera_is_frame_clock(gpointer p) { return tessera_is_a(p, GDK_TYPE_FRAME_CLOCK); }

// MARK: - Variadic wrappers

/// `g_object_new` with no construct properties.
static inline gpointer tessera_object_new(GType type) { return g_object_new(type, NULL); }

/// `g_signal_emit_by_name` for a signal without arguments or return value.
static inline void tessera_signal_emit_by_name(gpointer instance, const char *name) {
    g_signal_emit_by_name(instance, name);
}

/// `g_variant_dict_lookup` for an `int32` option (the `"i"` format string is variadic).
static inline gboolean tessera_variant_dict_lookup_int(GVariantDict *dict, const char *key, gint32 *out) {
    return g_variant_dict_lookup(dict, key, "i", out);
}

/// `g_variant_dict_lookup` for a string option; the returned string is newly allocated.
static inline gboolean tessera_variant_dict_lookup_string(GVariantDict *dict, const char *key, char **out) {
    return g_variant_dict_lookup(dict, key, "s", out);
}

/// `g_variant_dict_lookup` for a boolean flag option.
static inline gboolean tessera_variant_dict_lookup_bool(GVariantDict *dict, const char *key, gboolean *out) {
    return g_variant_dict_lookup(dict, key, "b", out);
}

/// `g_variant_dict_lookup` for a string-array option (`G_OPTION_REMAINING`, repeated options).
static inline gboolean tessera_variant_dict_lookup_strv(GVariantDict *dict, const char *key, char ***out) {
    return g_variant_dict_lookup(dict, key, "^as", out);
}

// MARK: - Macros that are expressions

static inline guint tessera_priority_application(void) { return GTK_STYLE_PROVIDER_PRIORITY_APPLICATION; }
static inline guint tessera_priority_user(void) { return GTK_STYLE_PROVIDER_PRIORITY_USER; }
static inline guint tessera_priority_fallback(void) { return GTK_STYLE_PROVIDER_PRIORITY_FALLBACK; }

// MARK: - libdispatch SPI (exported by libdispatch.so; the CoreFoundation run-loop hooks)

/// The main queue's wake-up handle: an eventfd on Linux, written whenever work is queued
/// on the main queue.
extern int _dispatch_get_main_queue_handle_4CF(void);

/// Drains the main queue on the calling (main) thread. Traps after `dispatch_main()`.
extern void _dispatch_main_queue_callback_4CF(void *msg);

/* gtk_test_accessible_check_state for a boolean state: variadic in C, so Swift cannot call it.
   Returns NULL when the state holds `expected`, else a g_free-able description of the value. */
static inline char *tessera_test_accessible_check_boolean_state(GtkAccessible *accessible,
                                                                GtkAccessibleState state, gboolean expected) {
    return gtk_test_accessible_check_state(accessible, state, expected);
}

/* gtk_test_accessible_check_property for a string property (label, description): variadic in C.
   Returns NULL when the property holds `expected`, else a g_free-able rendering of its value. */
static inline char *tessera_test_accessible_check_string_property(GtkAccessible *accessible,
                                                                  GtkAccessibleProperty property,
                                                                  const char *expected) {
    return gtk_test_accessible_check_property(accessible, property, expected);
}

#endif
