/// The keys a theme file may set, what each one accepts, and where it goes in a ``Theme``.
/// The single source of truth for the format: the loader, the error messages and the tests that
/// check the commented sample (`Resources/themes/sample-brand.theme`) documents every key all read it.
enum ThemeSchema {
    /// How a key's value is read.
    enum Setting {
        case color(WritableKeyPath<Theme, ThemeColor>)
        case integer(WritableKeyPath<Theme, Int>, ClosedRange<Int>)
        /// `normal`, `bold` or a number 100…900.
        case fontWeight
        /// A font family name; quotes and CSS punctuation are refused so the name cannot break the sheet.
        case fontFamily
        /// Free text, the theme's display name.
        case name
        /// `default` or `high-contrast`: the built-in theme the file starts from.
        case base
    }

    static let themeGroup = "theme"

    /// Every group, in the order the sample documents them.
    static let groups = [themeGroup] + ButtonRole.allCases.map(\.rawValue)

    /// Keys of `[theme]`.
    static func themeKeys() -> [(String, Setting)] {
        [
            ("name", .name),
            ("base", .base),
            ("font-family", .fontFamily),
            ("font-size", .integer(\.typography.fontSize, 12...72)),
            ("font-weight", .fontWeight),
            ("padding-vertical", .integer(\.metrics.paddingVertical, 0...64)),
            ("padding-horizontal", .integer(\.metrics.paddingHorizontal, 0...96)),
            ("kiosk-min-height", .integer(\.metrics.kioskMinimumHeight, 64...400)),
            ("desk-min-height", .integer(\.metrics.deskMinimumHeight, 48...400)),
            ("focus-ring-color", .color(\.focusRing.color)),
            ("focus-ring-width", .integer(\.focusRing.width, 2...8)),
            ("focus-ring-offset", .integer(\.focusRing.offset, 0...8)),
            ("transition-ms", .integer(\.transitionMilliseconds, 0...1000)),
            ("surface-color", .color(\.surface.background)),
            ("caption-color", .color(\.surface.caption)),
            ("error-color", .color(\.surface.error)),
        ]
    }

    /// Keys of a style group (`[primary]`, `[secondary]`, `[destructive]`).
    static func roleKeys(_ role: ButtonRole) -> [(String, Setting)] {
        let tokens: WritableKeyPath<Theme, RoleTokens> = \Theme.[role]
        var keys: [(String, Setting)] = []
        for state in ButtonState.allCases {
            let colors = tokens.appending(path: \RoleTokens.[state])
            keys.append(("\(state.rawValue)-background", .color(colors.appending(path: \.background))))
            keys.append(("\(state.rawValue)-foreground", .color(colors.appending(path: \.foreground))))
            keys.append(("\(state.rawValue)-border", .color(colors.appending(path: \.border))))
        }
        keys.append(("spinner-color", .color(tokens.appending(path: \.spinner))))
        keys.append(("border-width", .integer(tokens.appending(path: \.borderWidth), 0...8)))
        keys.append(("radius", .integer(tokens.appending(path: \.cornerRadius), 0...64)))
        return keys
    }

    /// The keys of `group`, or `nil` for a group the format does not have.
    static func keys(in group: String) -> [(String, Setting)]? {
        if group == themeGroup { return themeKeys() }
        return ButtonRole(rawValue: group).map(roleKeys)
    }

    /// The group and keys whose values decide a contrast check, for pointing at the line to fix.
    static func keys(deciding subject: ContrastAudit.Subject) -> (group: String, keys: [String]) {
        switch subject {
        case .text(let role, let state):
            (role.rawValue, ["\(state.rawValue)-foreground", "\(state.rawValue)-background"])
        case .spinner(let role):
            (role.rawValue, ["spinner-color", "loading-background"])
        case .focusRing:
            (themeGroup, ["focus-ring-color", "surface-color"])
        case .caption:
            (themeGroup, ["caption-color", "surface-color"])
        case .error:
            (themeGroup, ["error-color", "surface-color"])
        }
    }
}
