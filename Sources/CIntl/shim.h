// glibc's libintl (gettext): Swift's Glibc module declares none of it. Nothing to link: it is in libc.
#include <libintl.h>
#include <locale.h>

// gettext caches each translation it found, keyed by the locale name but not by $LANGUAGE; the
// gettext manual's way to make it look again after $LANGUAGE changed is to bump this counter.
extern int _nl_msg_cat_cntr;

static inline void tessera_forget_found_translations(void) {
    ++_nl_msg_cat_cntr;
}
