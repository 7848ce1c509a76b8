import CGtk

/// Messages through GLib structured logging (`g_log_structured_array`), so they reach the
/// journal (or stderr on a terminal) with domain, priority and code location.
///
/// `debug` and `info` lines show only when `G_MESSAGES_DEBUG` names the domain (or is `all`).
/// `error` logs at GLib's *critical* level: GLib's own *error* level aborts the process.
/// Each layer logs under its own domain (`GLIB_DOMAIN`); the application names its own.
public struct Log: Sendable {
    /// The log domain, e.g. `Tessera`.
    public let domain: String

    public init(domain: String) { self.domain = domain }

    /// GtkKit's own messages.
    static let gtkKit = Log(domain: "GtkKit")

    /// Debug detail, hidden by default.
    public func debug(_ message: String,
                             file: String = #fileID, line: Int = #line, function: String = #function) {
        write(G_LOG_LEVEL_DEBUG, message, file, line, function)
    }

    /// Normal operation worth recording.
    public func info(_ message: String,
                            file: String = #fileID, line: Int = #line, function: String = #function) {
        write(G_LOG_LEVEL_INFO, message, file, line, function)
    }

    /// A normal event an operator should see without asking for more (GLib's *message* level,
    /// shown by default, unlike `info`), e.g. why the process is ending.
    public func message(_ message: String,
                              file: String = #fileID, line: Int = #line, function: String = #function) {
        write(G_LOG_LEVEL_MESSAGE, message, file, line, function)
    }

    /// Something unexpected that the program survives.
    public func warning(_ message: String,
                               file: String = #fileID, line: Int = #line, function: String = #function) {
        write(G_LOG_LEVEL_WARNING, message, file, line, function)
    }

    /// A failure (logged at GLib's critical level; never aborts).
    public func error(_ message: String,
                             file: String = #fileID, line: Int = #line, function: String = #function) {
        write(G_LOG_LEVEL_CRITICAL, message, file, line, function)
    }

    private func write(_ level: GLogLevelFlags, _ message: String, _ file: String, _ line: Int, _ function: String) {
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
