// getrandom(2) from glibc's <sys/random.h>, which Swift's Glibc module does not include.
#ifndef TESSERA_CRANDOM_SHIM_H
#define TESSERA_CRANDOM_SHIM_H
#include <sys/random.h>
#endif
