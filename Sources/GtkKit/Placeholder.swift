// Placeholder: filled by the issue that owns the GtkKit target.
