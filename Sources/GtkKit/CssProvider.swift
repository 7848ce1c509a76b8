import CGtk

/// One CSS problem GTK reported while parsing (`parsing-error` signal).
public struct CSSParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the start of the faulty section.
    public let line: Int
    /// 1-based column (in characters) of the start of the faulty section.
    public let column: Int
    /// GTK's message.
    public let message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(line):\(column): \(message)" }
}

/// Style-provider priorities (`GTK_STYLE_PROVIDER_PRIORITY_*`).
public enum StylePriority: Sendable {
    case fallback, application, user

    var value: guint {
        switch self {
        case .fallback: tessera_priority_fallback()
        case .application: tessera_priority_application()
        case .user: tessera_priority_user()
        }
    }
}

/// A stylesheet (`GtkCssProvider`). Tessera loads one per display at application priority.
@MainActor public final class CssProvider: NativeObject {
    /// Collects errors during one `load(_:)`; the signal handler appends to it. A separate
    /// object so the handler does not keep the provider's wrapper alive.
    private final class ErrorLog {
        var errors: [CSSParseError] = []
    }

    private let errorLog = ErrorLog()

    /// Creates an empty provider (`gtk_css_provider_new`) and starts listening to its
    /// `parsing-error` signal.
    public init() {
        super.init(gtk_css_provider_new(), adoption: .takeFull)
        _ = connect("parsing-error", shape: .instanceTwoPointers, handler: errorLog) { log in
            { _, section, error in
                let parsed = CSSParseError(section: section, error: error)
                log.errors.append(parsed)
                Log.gtkKit.warning("CSS \(parsed)")
            }
        }
    }

    private var provider: UnsafeMutablePointer<GtkCssProvider> { objectPointer.cast() }

    /// Replaces the provider's rules with `css` (`gtk_css_provider_load_from_data` with
    /// length -1) and returns every parsing error, each logged too. Valid rules still apply.
    @discardableResult
    public func load(_ css: String) -> [CSSParseError] {
        errorLog.errors = []
        ifAlive(()) { _ in gtk_css_provider_load_from_data(provider, css, -1) }
        return errorLog.errors
    }

    /// The parsed rules as CSS text (`gtk_css_provider_to_string`).
    public var serialized: String {
        ifAlive("") { _ in string(taking: gtk_css_provider_to_string(provider)) ?? "" }
    }

    /// Applies `provider` to every widget on the default display
    /// (`gtk_style_context_add_provider_for_display`). Without a display (GTK not initialised
    /// yet) it does nothing and returns false.
    @discardableResult
    public static func addToDisplay(_ provider: CssProvider, priority: StylePriority = .application) -> Bool {
        guard let display = gdk_display_get_default(), !provider.isDestroyed else { return false }
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider.provider), priority.value)
        return true
    }

    /// Stops applying `provider` (`gtk_style_context_remove_provider_for_display`).
    public static func removeFromDisplay(_ provider: CssProvider) {
        guard let display = gdk_display_get_default(), !provider.isDestroyed else { return }
        gtk_style_context_remove_provider_for_display(display, OpaquePointer(provider.provider))
    }
}

extension CSSParseError {
    /// Reads a `GtkCssSection *` and `GError *` from `parsing-error`
    /// (`gtk_css_section_get_start_location`: 0-based lines and characters).
    init(section: UnsafeMutableRawPointer?, error: UnsafeMutableRawPointer?) {
        let location = section.flatMap { gtk_css_section_get_start_location(OpaquePointer($0)) }?.pointee
        let message = error.flatMap { string(borrowing: $0.assumingMemoryBound(to: GError.self).pointee.message) }
        self.init(line: Int(location?.lines ?? 0) + 1, column: Int(location?.line_chars ?? 0) + 1,
                  message: message ?? "unknown CSS error")
    }
}
