// Placeholder: filled by the issue that owns the QueueStore target.
