// Placeholder: filled by the issue that owns the QueueCore target.
