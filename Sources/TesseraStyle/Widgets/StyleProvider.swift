import GtkKit

/// The application's one stylesheet: a single `GtkCssProvider` on the display at APPLICATION
/// priority, holding the CSS of the current ``Theme``.
///
/// Loaded when a theme is first used and regenerated only when the theme changes. Nothing
/// else in TesseraStyle creates or reloads a provider: styling a button, pressing it, loading
/// or disabling it only toggles classes and properties on the widget. ``loadCount`` counts the
/// loads so tests and the benchmark can prove it.
@MainActor public final class StyleProvider {
    /// The provider for the default display.
    public static let shared = StyleProvider()

    private let provider = CssProvider()
    private var isOnDisplay = false
    private var css: String?

    /// The theme whose CSS is loaded; `nil` before the first ``use(_:)``.
    public private(set) var theme: Theme?
    /// How many times the provider has parsed a stylesheet (`gtk_css_provider_load_from_data`).
    public private(set) var loadCount = 0
    /// Parsing errors of the last load; a correct theme has none.
    public private(set) var parseErrors: [CSSParseError] = []
    /// The services' own button styles (their colours), in the sheet with the built-in styles.
    public private(set) var services: [ServiceButtonStyle] = []
    /// How much larger text is under `.tessera-large-text`.
    public static let largeTextScale = 1.5

    private init() {}

    /// Makes `theme` the application's look. Loads the provider only if the generated CSS
    /// differs from what is loaded; returns GTK's parsing errors (each also logged).
    @discardableResult
    public func use(_ theme: Theme) -> [CSSParseError] {
        // Always with the customer screens' sections: a customer turns them on with one class.
        let sheet = StyleSheet(theme: theme, styles: builtInButtonStyles + services, highContrast: .highContrast,
                               largeTextScale: Self.largeTextScale).css
        self.theme = theme
        // Until a display exists (GTK not initialised yet) the provider waits for the next call.
        if !isOnDisplay { isOnDisplay = CssProvider.addToDisplay(provider, priority: .application) }
        guard sheet != css else { return [] }
        css = sheet
        parseErrors = provider.load(sheet)
        loadCount += 1
        for error in parseErrors {
            StyleLog.log.error("generated stylesheet for theme “\(theme.name)”: \(error)")
        }
        return parseErrors
    }

    /// Puts `styles` (the services' colours) in the sheet, reloading it only when they changed.
    /// Only CSS changes: a button keeps its widget, its class and its press.
    @discardableResult
    public func use(services styles: [ServiceButtonStyle]) -> [CSSParseError] {
        guard styles != services else { return [] }
        services = styles
        return use(theme ?? .standard)
    }

    /// Reads a theme by built-in name or file path and uses it; a bad file is logged with its
    /// file, line and key, and the default theme is used instead. Returns the load result.
    @discardableResult
    public func use(themeNamed nameOrPath: String) -> ThemeLoadResult {
        let result = ThemeLoader.resolve(nameOrPath)
        for line in result.report { StyleLog.log.warning("theme: \(line)") }
        if result.usedDefault {
            StyleLog.log.warning("theme: \(nameOrPath) not used; falling back to the default theme")
        }
        use(result.theme)
        return result
    }
}

/// The log domain of the style layer.
enum StyleLog {
    static let log = Log(domain: "Tessera-Style")
}
