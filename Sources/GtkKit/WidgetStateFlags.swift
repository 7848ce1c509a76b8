import CGtk

/// A widget's state flags (`GtkStateFlags`): what CSS pseudo-classes match it. GTK keeps
/// them up to date from input; setting them by hand renders a look (hover, pressed, focus)
/// without input, until GTK next updates them.
public struct WidgetStateFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `GTK_STATE_FLAG_ACTIVE` (`:active`: pressed).
    public static let active = WidgetStateFlags(rawValue: GTK_STATE_FLAG_ACTIVE.rawValue)
    /// `GTK_STATE_FLAG_PRELIGHT` (`:hover`).
    public static let hover = WidgetStateFlags(rawValue: GTK_STATE_FLAG_PRELIGHT.rawValue)
    /// `GTK_STATE_FLAG_SELECTED` (`:selected`).
    public static let selected = WidgetStateFlags(rawValue: GTK_STATE_FLAG_SELECTED.rawValue)
    /// `GTK_STATE_FLAG_INSENSITIVE` (`:disabled`).
    public static let insensitive = WidgetStateFlags(rawValue: GTK_STATE_FLAG_INSENSITIVE.rawValue)
    /// `GTK_STATE_FLAG_FOCUSED` (`:focus`).
    public static let focused = WidgetStateFlags(rawValue: GTK_STATE_FLAG_FOCUSED.rawValue)
    /// `GTK_STATE_FLAG_BACKDROP` (`:backdrop`: the window is not the active one).
    public static let backdrop = WidgetStateFlags(rawValue: GTK_STATE_FLAG_BACKDROP.rawValue)
    /// `GTK_STATE_FLAG_CHECKED` (`:checked`).
    public static let checked = WidgetStateFlags(rawValue: GTK_STATE_FLAG_CHECKED.rawValue)
    /// `GTK_STATE_FLAG_FOCUS_VISIBLE` (`:focus-visible`, together with `focused`).
    public static let focusVisible = WidgetStateFlags(rawValue: GTK_STATE_FLAG_FOCUS_VISIBLE.rawValue)
    /// `GTK_STATE_FLAG_FOCUS_WITHIN` (`:focus-within`).
    public static let focusWithin = WidgetStateFlags(rawValue: GTK_STATE_FLAG_FOCUS_WITHIN.rawValue)
}

extension Widget {
    /// The widget's current state flags (`gtk_widget_get_state_flags`); empty once destroyed.
    public var stateFlags: WidgetStateFlags {
        withWidget([]) { WidgetStateFlags(rawValue: gtk_widget_get_state_flags($0).rawValue) }
    }

    /// Turns `flags` on (`gtk_widget_set_state_flags`); with `clear`, every other flag goes
    /// off first. GTK passes the change on to the children.
    public func setStateFlags(_ flags: WidgetStateFlags, clear: Bool = false) {
        withWidget { gtk_widget_set_state_flags($0, GtkStateFlags(rawValue: flags.rawValue), clear.gboolean) }
    }

    /// Turns `flags` off (`gtk_widget_unset_state_flags`).
    public func unsetStateFlags(_ flags: WidgetStateFlags) {
        withWidget { gtk_widget_unset_state_flags($0, GtkStateFlags(rawValue: flags.rawValue)) }
    }

    /// Runs `handler` with the previous flags whenever the state flags change
    /// (`state-flags-changed`), e.g. the moment a press turns `:active` on.
    @discardableResult
    public func onStateFlagsChanged(_ handler: @escaping @MainActor (_ previous: WidgetStateFlags) -> Void)
        -> SignalConnection<@MainActor (WidgetStateFlags) -> Void> {
        connect("state-flags-changed", shape: .instanceUInt, handler: handler) { handler in
            { _, previous in handler(WidgetStateFlags(rawValue: previous)) }
        }
    }
}
