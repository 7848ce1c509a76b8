/// The design tokens of one button style (primary, secondary, destructive): colours for every
/// state plus the shape.
public struct RoleTokens: Sendable, Hashable {
    public var normal: StateColors
    public var hover: StateColors
    public var pressed: StateColors
    public var disabled: StateColors
    public var loading: StateColors
    /// Colour of the spinner drawn over the button while it is loading.
    public var spinner: ThemeColor
    /// Border width in pixels (0 for none).
    public var borderWidth: Int
    /// Corner radius in pixels.
    public var cornerRadius: Int

    public init(
        normal: StateColors, hover: StateColors, pressed: StateColors, disabled: StateColors,
        loading: StateColors, spinner: ThemeColor, borderWidth: Int, cornerRadius: Int
    ) {
        self.normal = normal
        self.hover = hover
        self.pressed = pressed
        self.disabled = disabled
        self.loading = loading
        self.spinner = spinner
        self.borderWidth = borderWidth
        self.cornerRadius = cornerRadius
    }

    /// The colours for `state`; settable so a theme file can override one state at a time.
    public subscript(state: ButtonState) -> StateColors {
        get {
            switch state {
            case .normal: normal
            case .hover: hover
            case .pressed: pressed
            case .disabled: disabled
            case .loading: loading
            }
        }
        set {
            switch state {
            case .normal: normal = newValue
            case .hover: hover = newValue
            case .pressed: pressed = newValue
            case .disabled: disabled = newValue
            case .loading: loading = newValue
            }
        }
    }
}
