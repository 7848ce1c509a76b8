// libxcrypt (Debian's libcrypt1): crypt_r and crypt_gensalt_rn for yescrypt PIN hashes.
#include <crypt.h>
