/// How a kind of button looks: the SwiftUI `ButtonStyle` idea, expressed in GTK terms.
///
/// A style never touches a widget's drawing. It names a CSS class and produces the CSS rules
/// behind that class from a ``Theme``; ``StyleSheet`` compiles the rules of every style into the
/// one application-wide sheet, and applying a style to a button only adds its class. The press
/// is GTK's own `:active` state, tracked by GTK's gesture on a widget that is never replaced.
public protocol ButtonStyle: Sendable {
    /// Short name, used for gallery file names (`primary` → `primary-pressed.png`).
    var name: String { get }
    /// The class the style puts on its buttons, e.g. `tessera-primary`.
    var cssClass: String { get }
    /// The tokens the style paints with.
    func tokens(from theme: Theme) -> RoleTokens
    /// The CSS rules behind ``cssClass``. The default implementation derives every state from
    /// ``tokens(from:)``; a custom style may add rules of its own.
    func cssRules(for theme: Theme) -> [CSSRule]
}

extension ButtonStyle {
    public func cssRules(for theme: Theme) -> [CSSRule] {
        ButtonRules(cssClass: cssClass, tokens: tokens(from: theme), theme: theme).rules
    }
}

/// A style that paints with one of the theme's built-in token sets.
public protocol ThemeRoleButtonStyle: ButtonStyle {
    var role: ButtonRole { get }
}

extension ThemeRoleButtonStyle {
    public var name: String { role.rawValue }
    public var cssClass: String { "tessera-\(role.rawValue)" }
    public func tokens(from theme: Theme) -> RoleTokens { theme[role] }
}

/// The main action of a screen: a service on the kiosk, "Call next" at the desk.
public struct PrimaryButtonStyle: ThemeRoleButtonStyle {
    public var role: ButtonRole { .primary }
    public init() {}
}

/// Supporting actions: Recall, Start, Transfer, Park.
public struct SecondaryButtonStyle: ThemeRoleButtonStyle {
    public var role: ButtonRole { .secondary }
    public init() {}
}

/// Staff actions that end or drop a ticket: No-show, Cancel.
public struct DestructiveButtonStyle: ThemeRoleButtonStyle {
    public var role: ButtonRole { .destructive }
    public init() {}
}

extension ButtonStyle where Self == PrimaryButtonStyle {
    /// ``PrimaryButtonStyle``, for `button.style(.primary)`.
    public static var primary: PrimaryButtonStyle { PrimaryButtonStyle() }
}

extension ButtonStyle where Self == SecondaryButtonStyle {
    /// ``SecondaryButtonStyle``, for `button.style(.secondary)`.
    public static var secondary: SecondaryButtonStyle { SecondaryButtonStyle() }
}

extension ButtonStyle where Self == DestructiveButtonStyle {
    /// ``DestructiveButtonStyle``, for `button.style(.destructive)`.
    public static var destructive: DestructiveButtonStyle { DestructiveButtonStyle() }
}

/// The styles Tessera ships, in gallery order.
public let builtInButtonStyles: [any ButtonStyle] = [PrimaryButtonStyle(), SecondaryButtonStyle(), DestructiveButtonStyle()]
