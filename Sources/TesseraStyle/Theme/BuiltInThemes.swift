extension Theme {
    /// The default theme: a clean retail look. Primary is black with white text and turns dark
    /// grey while pressed; secondary is white with a 2 px black border; destructive is a deep red.
    /// Every text colour meets WCAG 2.2 AA (4.5:1) against its background in every state.
    public static let standard = Theme(
        name: "Default",
        primary: RoleTokens(
            normal: colors(0x000000, text: 0xffffff, border: 0x000000),
            hover: colors(0x262626, text: 0xffffff, border: 0x262626),
            pressed: colors(0x4a4a4a, text: 0xffffff, border: 0x4a4a4a),
            disabled: colors(0xd4d4d4, text: 0x4a4a4a, border: 0xd4d4d4),
            loading: colors(0x333333, text: 0xffffff, border: 0x333333),
            spinner: ThemeColor(rgb: 0xffffff), borderWidth: 2, cornerRadius: 12),
        secondary: RoleTokens(
            normal: colors(0xffffff, text: 0x000000, border: 0x000000),
            hover: colors(0xf0f0f0, text: 0x000000, border: 0x000000),
            pressed: colors(0xcccccc, text: 0x000000, border: 0x000000),
            disabled: colors(0xffffff, text: 0x5c5c5c, border: 0x8c8c8c),
            loading: colors(0xf0f0f0, text: 0x000000, border: 0x000000),
            spinner: ThemeColor(rgb: 0x000000), borderWidth: 2, cornerRadius: 12),
        destructive: RoleTokens(
            normal: colors(0xb3261e, text: 0xffffff, border: 0xb3261e),
            hover: colors(0x9c1f18, text: 0xffffff, border: 0x9c1f18),
            pressed: colors(0x6e140f, text: 0xffffff, border: 0x6e140f),
            disabled: colors(0xf2d7d5, text: 0x6e140f, border: 0xf2d7d5),
            loading: colors(0x8c1d17, text: 0xffffff, border: 0x8c1d17),
            spinner: ThemeColor(rgb: 0xffffff), borderWidth: 2, cornerRadius: 12),
        typography: Typography(fontFamily: "DejaVu Sans", fontSize: 20, fontWeight: 700),
        metrics: Metrics(paddingVertical: 12, paddingHorizontal: 24, kioskMinimumHeight: 96, deskMinimumHeight: 48),
        focusRing: FocusRing(color: ThemeColor(rgb: 0x1a5fb4), width: 3, offset: 3),
        surface: Surface(background: ThemeColor(rgb: 0xffffff), caption: ThemeColor(rgb: 0x4d4d4d),
                         error: ThemeColor(rgb: 0xb3261e)),
        transitionMilliseconds: 150)

    /// The high-contrast variant: black, white and pure colours, thick borders, larger bold text,
    /// a pressed state that inverts, no transitions, and every text at WCAG 2.2 AAA (7:1).
    public static let highContrast = { () -> Theme in
        var theme = highContrastTokens
        theme.textContrast = 7
        return theme
    }()

    private static let highContrastTokens = Theme(
        name: "High contrast",
        primary: RoleTokens(
            normal: colors(0x000000, text: 0xffffff, border: 0x000000),
            hover: colors(0x1a1a1a, text: 0xffff00, border: 0x000000),
            pressed: colors(0xffffff, text: 0x000000, border: 0x000000),
            disabled: colors(0xe6e6e6, text: 0x000000, border: 0x000000),
            loading: colors(0x000000, text: 0xffff00, border: 0x000000),
            spinner: ThemeColor(rgb: 0xffff00), borderWidth: 3, cornerRadius: 8),
        secondary: RoleTokens(
            normal: colors(0xffffff, text: 0x000000, border: 0x000000),
            hover: colors(0xffff00, text: 0x000000, border: 0x000000),
            pressed: colors(0x000000, text: 0xffffff, border: 0x000000),
            disabled: colors(0xe6e6e6, text: 0x000000, border: 0x000000),
            loading: colors(0xffffff, text: 0x000000, border: 0x000000),
            spinner: ThemeColor(rgb: 0x000000), borderWidth: 3, cornerRadius: 8),
        destructive: RoleTokens(
            normal: colors(0x8b0000, text: 0xffffff, border: 0x000000),
            hover: colors(0x6b0000, text: 0xffffff, border: 0x000000),
            pressed: colors(0xffffff, text: 0x8b0000, border: 0x8b0000),
            disabled: colors(0xf5d6d6, text: 0x5c0000, border: 0x000000),
            loading: colors(0x6b0000, text: 0xffffff, border: 0x000000),
            spinner: ThemeColor(rgb: 0xffffff), borderWidth: 3, cornerRadius: 8),
        typography: Typography(fontFamily: "DejaVu Sans", fontSize: 22, fontWeight: 800),
        metrics: Metrics(paddingVertical: 14, paddingHorizontal: 28, kioskMinimumHeight: 112, deskMinimumHeight: 56),
        focusRing: FocusRing(color: ThemeColor(rgb: 0x0000ee), width: 4, offset: 2),
        surface: Surface(background: ThemeColor(rgb: 0xffffff), caption: ThemeColor(rgb: 0x000000),
                         error: ThemeColor(rgb: 0x8b0000)),
        transitionMilliseconds: 0)

    /// The built-in themes by the name a theme file's `base` key and `tessera gallery --theme` use.
    public static let builtIn: [String: Theme] = ["default": .standard, "high-contrast": .highContrast]

    private static func colors(_ background: UInt32, text foreground: UInt32, border: UInt32) -> StateColors {
        StateColors(background: ThemeColor(rgb: background), foreground: ThemeColor(rgb: foreground),
                    border: ThemeColor(rgb: border))
    }
}
