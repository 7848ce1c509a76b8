/// Checks a theme against WCAG 2.2 AA, from its tokens alone.
///
/// Text (button labels in every state, the loading label, captions and error messages) needs
/// 4.5:1 (success criterion 1.4.3). Disabled buttons are held to the same bar even though WCAG
/// exempts them: a disabled kiosk button must still say what it is. Non-text marks that carry
/// meaning — the spinner and the focus ring — need 3:1 (1.4.11).
public enum ContrastAudit {
    /// Minimum ratio for text.
    public static let textMinimum = 4.5
    /// Minimum ratio for meaningful non-text marks.
    public static let graphicMinimum = 3.0

    /// What a contrast check was about.
    public enum Subject: Sendable, Hashable, CustomStringConvertible {
        /// A button's label in one state.
        case text(ButtonRole, ButtonState)
        /// The spinner over a loading button.
        case spinner(ButtonRole)
        /// The focus ring, drawn on the surface.
        case focusRing
        /// A disabled button's reason, on the surface.
        case caption
        /// A failed action's message, on the surface.
        case error

        public var description: String {
            switch self {
            case .text(let role, let state): "\(role.rawValue) \(state.rawValue) text"
            case .spinner(let role): "\(role.rawValue) spinner"
            case .focusRing: "focus ring"
            case .caption: "caption"
            case .error: "error message"
            }
        }
    }

    /// One check's outcome.
    public struct Check: Sendable, Hashable {
        public var subject: Subject
        public var foreground: ThemeColor
        public var background: ThemeColor
        public var required: Double

        public var ratio: Double { foreground.contrastRatio(with: background) }
        public var passes: Bool { ratio >= required }
    }

    /// Every check the theme must pass, in a stable order.
    public static func checks(for theme: Theme) -> [Check] {
        var checks: [Check] = []
        for role in ButtonRole.allCases {
            let tokens = theme[role]
            for state in ButtonState.allCases {
                let colors = tokens[state]
                checks.append(Check(subject: .text(role, state), foreground: colors.foreground,
                                    background: colors.background, required: textMinimum))
            }
            checks.append(Check(subject: .spinner(role), foreground: tokens.spinner,
                                background: tokens.loading.background, required: graphicMinimum))
        }
        let surface = theme.surface.background
        checks.append(Check(subject: .focusRing, foreground: theme.focusRing.color, background: surface,
                            required: graphicMinimum))
        checks.append(Check(subject: .caption, foreground: theme.surface.caption, background: surface,
                            required: textMinimum))
        checks.append(Check(subject: .error, foreground: theme.surface.error, background: surface,
                            required: textMinimum))
        return checks
    }

    /// The checks the theme fails; empty when it is accessible.
    public static func failures(in theme: Theme) -> [Check] {
        checks(for: theme).filter { !$0.passes }
    }
}
