import GtkKit

/// One look the gallery shows for every style.
public enum GallerySample: String, CaseIterable, Sendable {
    case normal, hover, pressed, focus, disabled, loading

    /// Column heading.
    public var title: String {
        switch self {
        case .normal: "Normal"
        case .hover: "Hover (pointer only)"
        case .pressed: "Pressed"
        case .focus: "Keyboard focus"
        case .disabled: "Disabled"
        case .loading: "Loading"
        }
    }

    /// The GTK state flags that produce the look without real input; the other samples are
    /// produced through the button's own API (disabled, busy).
    public var stateFlags: WidgetStateFlags {
        switch self {
        case .hover: .hover
        case .pressed: .active
        case .focus: [.focused, .focusVisible]
        case .normal, .disabled, .loading: []
        }
    }

    /// The reason the disabled sample shows.
    public static let disabledReason = "No ticket is waiting"
    /// The label the loading sample shows next to its spinner.
    public static let loadingLabel = "Printing…"
}
