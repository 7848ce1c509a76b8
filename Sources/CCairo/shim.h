// Cairo's drawing and its PDF surface, for the report's charts (Sources/ReportCharts): no GTK.
#ifndef TESSERA_CCAIRO_SHIM_H
#define TESSERA_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#endif
