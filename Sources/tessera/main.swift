// Entry point. Kept synchronous on purpose: an async main would hand the main thread to
// dispatch_main(), and GLib must own it (see GtkKit's MainQueueBridge).
print("tessera 0.1.0")
