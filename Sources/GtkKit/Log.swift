import CGtk

/// Messages through GLib structured logging (`g_log_structured_array`), so they reach the
/// journal (or stderr on a terminal) with domain, priority and code location.
///
/// `debug` lines show only when `G_MESSAGES_DEBUG` names the domain (or is `all`).
/// `error` logs at GLib's *critical* level: GLib's own *error* level aborts the process.
public enum Log {
    /// The default domain for Tessera messages.
    public static let defaultDomain = "Tessera"
    /// The domain GtkKit's own messages use.
    static let gtkKitDomain = "GtkKit"

    /// Debug detail, hidden by default.
    public static func debug(_ message: String, domain: String = defaultDomain,
                             file: String = #fileID, line: Int = #line, function: String = #function) {
        write(G_LOG_LEVEL_DEBUG, message, domain, file, line, function)
    }

    /// Normal operation worth recording.
    public static func info(_ message: String, domain: String = defaultDomain,
                            file: String = #fileID, line: Int = #line, function: String = #function) {
        write(G_LOG_LEVEL_INFO, message, domain, file, line, function)
    }

    /// Something unexpected that the program survives.
    public static func warning(_ message: String, domain: String = defaultDomain,
                               file: String = #fileID, line: Int = #line, function: String = #function) {
        write(G_LOG_LEVEL_WARNING, message, domain, file, line, function)
    }

    /// A failure (logged at GLib's critical level; never aborts).
    public static func error(_ message: String, domain: String = defaultDomain,
                             file: String = #fileID, line: Int = #line, function: String = #function) {
        write(G_LOG_LEVEL_CRITICAL, message, domain, file, line, function)
    }

    private static func write(_ level: GLogLevelFlags, _ message: String, _ domain: String,
                              _ file: String, _ line: Int, _ function: String) {
        let values = [message, domain, file, String(line), function]
        let keys = ["MESSAGE", "GLIB_DOMAIN", "CODE_FILE", "CODE_LINE", "CODE_FUNC"]
        withCStringArray(keys) { keyPointers in
            withCStringArray(values) { valuePointers in
                var fields = (0..<keys.count).map { index in
                    GLogField(key: keyPointers[index], value: UnsafeRawPointer(valuePointers[index]), length: -1)
                }
                g_log_structured_array(level, &fields, gsize(fields.count))
            }
        }
    }
}
