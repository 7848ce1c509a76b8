// Placeholder: filled by the issue that owns the TesseraStyle target.
