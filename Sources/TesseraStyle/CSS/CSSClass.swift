/// The CSS class names TesseraStyle puts on widgets; the stylesheet and the widgets both read
/// them from here so they cannot drift apart.
public enum CSSClass {
    /// Every styled button.
    public static let button = "tessera-button"
    /// A styled button showing the busy look (`StyledButton.setBusy`).
    public static let loading = "tessera-loading"
    /// The spinner cover over a styled button (a sibling of the button inside its overlay).
    public static let loadingCover = "tessera-loading-cover"
    /// The caption under a disabled button that says why.
    public static let caption = "tessera-caption"
    /// A screen background in the theme's surface colour.
    public static let surface = "tessera-surface"
    /// Words a screen puts on the surface, in the theme's text colour.
    public static let text = "tessera-text"
    /// Everything under it in the high-contrast theme, whatever the application's theme is: a
    /// customer screen turns it on for one customer.
    public static let highContrast = "tessera-high-contrast"
    /// Every button's text under it larger (`StyleSheet.largeTextScale`).
    public static let largeText = "tessera-large-text"
    /// Freezes transitions and animations under it, so renders do not depend on timing
    /// (the gallery's PNGs, visual regression tests).
    public static let still = "tessera-still"
    /// GTK's own class for a button being activated with Enter or Space; looks pressed.
    static let keyboardActivating = "keyboard-activating"
}
