// Placeholder: filled by the issue that owns the TesseraApp target.
