// libqrencode (Debian libqrencode-dev): the QR code of a ticket's own address (Sources/QRCode).
#ifndef TESSERA_CQRENCODE_SHIM_H
#define TESSERA_CQRENCODE_SHIM_H
#include <qrencode.h>
#endif
