/// Which of a theme's token sets a built-in style reads.
public enum ButtonRole: String, CaseIterable, Sendable, Hashable {
    case primary
    case secondary
    case destructive
}

/// All design tokens of Tessera's buttons. One theme compiles into one stylesheet
/// (``StyleSheet``); swapping the theme regenerates that sheet and nothing else.
public struct Theme: Sendable, Hashable {
    /// Shown in logs and the stylesheet header.
    public var name: String
    public var primary: RoleTokens
    public var secondary: RoleTokens
    public var destructive: RoleTokens
    public var typography: Typography
    public var metrics: Metrics
    public var focusRing: FocusRing
    public var surface: Surface
    /// Duration of colour transitions between states, in milliseconds (0 = instant).
    /// Pressing is always instant so a tap shows at once; this applies to the way back.
    public var transitionMilliseconds: Int
    /// The contrast every text of the theme keeps against its background: WCAG 2.2 AA (4.5:1)
    /// by default, AAA (7:1) in the high-contrast theme. A service's colour is darkened or
    /// lightened until its text reaches it.
    public var textContrast = ContrastAudit.textMinimum

    public init(
        name: String, primary: RoleTokens, secondary: RoleTokens, destructive: RoleTokens,
        typography: Typography, metrics: Metrics, focusRing: FocusRing, surface: Surface,
        transitionMilliseconds: Int
    ) {
        self.name = name
        self.primary = primary
        self.secondary = secondary
        self.destructive = destructive
        self.typography = typography
        self.metrics = metrics
        self.focusRing = focusRing
        self.surface = surface
        self.transitionMilliseconds = transitionMilliseconds
    }

    /// The tokens of `role`.
    public subscript(role: ButtonRole) -> RoleTokens {
        get {
            switch role {
            case .primary: primary
            case .secondary: secondary
            case .destructive: destructive
            }
        }
        set {
            switch role {
            case .primary: primary = newValue
            case .secondary: secondary = newValue
            case .destructive: destructive = newValue
            }
        }
    }

    /// The minimum height, in pixels, of a button used in `context`.
    public func minimumHeight(for context: ButtonContext) -> Int {
        switch context {
        case .kiosk: metrics.kioskMinimumHeight
        case .desk: metrics.deskMinimumHeight
        }
    }
}

/// Button text.
public struct Typography: Sendable, Hashable {
    /// A font family name as fontconfig knows it (e.g. `DejaVu Sans`).
    public var fontFamily: String
    /// Font size in pixels.
    public var fontSize: Int
    /// CSS font weight, 100…900 (400 regular, 700 bold).
    public var fontWeight: Int

    public init(fontFamily: String, fontSize: Int, fontWeight: Int) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
    }
}

/// Sizes shared by every style.
public struct Metrics: Sendable, Hashable {
    public var paddingVertical: Int
    public var paddingHorizontal: Int
    /// Whole-button minimum height on a kiosk (border and padding included); at least 64.
    public var kioskMinimumHeight: Int
    /// Whole-button minimum height at a desk (border and padding included); at least 48.
    public var deskMinimumHeight: Int

    public init(paddingVertical: Int, paddingHorizontal: Int, kioskMinimumHeight: Int, deskMinimumHeight: Int) {
        self.paddingVertical = paddingVertical
        self.paddingHorizontal = paddingHorizontal
        self.kioskMinimumHeight = kioskMinimumHeight
        self.deskMinimumHeight = deskMinimumHeight
    }
}

/// The ring drawn around the button that has keyboard focus (`:focus-visible`).
public struct FocusRing: Sendable, Hashable {
    public var color: ThemeColor
    public var width: Int
    /// Gap between the button's edge and the ring, in pixels.
    public var offset: Int

    public init(color: ThemeColor, width: Int, offset: Int) {
        self.color = color
        self.width = width
        self.offset = offset
    }
}

/// What buttons sit on, and the text Tessera puts next to them (a disabled button's reason,
/// a failed action's error). Part of the theme because their contrast depends on it.
public struct Surface: Sendable, Hashable {
    /// Background of screens that use the `tessera-surface` class.
    public var background: ThemeColor
    /// Colour of the caption that explains why a button is disabled.
    public var caption: ThemeColor
    /// Colour of the message shown under a button whose action failed.
    public var error: ThemeColor
    /// Colour of the words a screen puts on the surface (the `tessera-text` class).
    public var text: ThemeColor

    public init(background: ThemeColor, caption: ThemeColor, error: ThemeColor, text: ThemeColor = .black) {
        self.background = background
        self.caption = caption
        self.error = error
        self.text = text
    }
}
