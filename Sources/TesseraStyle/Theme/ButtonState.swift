/// The looks a button has, each with its own colours in a theme.
///
/// Keyboard focus is not here: it adds a ring around whatever state the button is in, so it has
/// ring tokens (``FocusRing``) instead of colours.
public enum ButtonState: String, CaseIterable, Sendable, Hashable {
    /// At rest.
    case normal
    /// Pointer over the button. A mouse-only nicety: touch screens never show it, so nothing depends on it.
    case hover
    /// Finger or mouse button down (GTK's `:active`).
    case pressed
    /// Insensitive, by itself or because a container is (GTK's `:disabled`).
    case disabled
    /// An action started by the button is running (the `tessera-loading` class and the spinner cover).
    case loading
}

/// Where a button is used; decides its minimum height.
public enum ButtonContext: String, CaseIterable, Sendable, Hashable {
    /// Customers standing at a touch screen: big targets.
    case kiosk
    /// Staff at a counter: compact but still touch-friendly.
    case desk

    /// The CSS class that gives a button this context's minimum height.
    public var cssClass: String { "tessera-\(rawValue)" }
}

/// What a style paints in one state.
public struct StateColors: Sendable, Hashable {
    public var background: ThemeColor
    public var foreground: ThemeColor
    public var border: ThemeColor

    public init(background: ThemeColor, foreground: ThemeColor, border: ThemeColor) {
        self.background = background
        self.foreground = foreground
        self.border = border
    }
}
