import CGtk

// Small conversions between GLib's C types and Swift's, used by every wrapper.

extension Bool {
    /// The `gboolean` GLib expects (`TRUE` is 1, `FALSE` is 0).
    var gboolean: gboolean { self ? 1 : 0 }

    /// Reads a `gboolean`: any non-zero value is true, as in C.
    init(gboolean value: gboolean) { self = value != 0 }
}

extension UnsafeMutablePointer {
    /// The same instance seen as another GObject type. Unchecked: callers hold a pointer
    /// whose GType was checked when its wrapper was created (see `Widget.init(borrowing:)`).
    func cast<T>() -> UnsafeMutablePointer<T> { UnsafeMutablePointer<T>(OpaquePointer(self)) }

    /// The same instance as an opaque pointer, for GTK types whose struct is private
    /// (`GtkLabel`, `GtkStack`, `GtkAccessible`…).
    var opaque: OpaquePointer { OpaquePointer(self) }
}

/// A Swift string from a C string GLib keeps ownership of; `nil` stays `nil`.
func string(borrowing cString: UnsafePointer<CChar>?) -> String? {
    cString.map { String(cString: $0) }
}

/// A Swift string from a C string we now own (`transfer full`); frees it with `g_free`.
func string(taking cString: UnsafeMutablePointer<CChar>?) -> String? {
    guard let cString else { return nil }
    defer { g_free(cString) }
    return String(cString: cString)
}

/// Swift strings from a `NULL`-terminated `char **` we own; frees it with `g_strfreev`.
func strings(taking vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
    guard let vector else { return [] }
    defer { g_strfreev(vector) }
    var result: [String] = []
    var index = 0
    while let element = vector[index] {
        result.append(String(cString: element))
        index += 1
    }
    return result
}

/// Calls `body` with a `NULL`-terminated array of C strings that lives for the call.
func withCStringArray<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(g_strdup($0)) }
    pointers.append(nil)
    defer { pointers.forEach { g_free(UnsafeMutableRawPointer(mutating: $0)) } }
    return pointers.withUnsafeMutableBufferPointer { buffer in
        // The buffer is non-empty: it holds at least the terminating NULL.
        body(buffer.baseAddress.unsafelyUnwrapped)
    }
}
