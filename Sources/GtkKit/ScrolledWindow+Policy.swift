import CGtk

extension ScrolledWindow {
    /// When a scrollbar shows, and whether the scrolled window asks for its content's size
    /// (`GtkPolicyType`).
    public enum Policy: Sendable, CaseIterable {
        /// A scrollbar when the content is larger than the space (GTK's default).
        case automatic
        /// No scrollbar; the scrolled window asks for its content's whole size.
        case never
        /// No scrollbar, and no size asked for the content: the content gets the space there is,
        /// or its least size for that space if more.
        case external

        var gtk: GtkPolicyType {
            switch self {
            case .automatic: GTK_POLICY_AUTOMATIC
            case .never: GTK_POLICY_NEVER
            case .external: GTK_POLICY_EXTERNAL
            }
        }
    }

    /// Sets both scrollbars' policies (`gtk_scrolled_window_set_policy`).
    public func setPolicy(horizontal: Policy, vertical: Policy) {
        withWidget { gtk_scrolled_window_set_policy($0.opaque, horizontal.gtk, vertical.gtk) }
    }
}
