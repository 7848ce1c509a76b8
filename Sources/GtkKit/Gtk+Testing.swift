import CGtk
import Foundation

extension Gtk {
    /// Initialises GTK for a test suite. Returns nil when it is ready, or why it is not (no
    /// display named in the environment, or none that opens). Every GTK test target applies the
    /// same rule to the answer: skip locally, fail when ``mustRunDisplayTests`` (CI must run them).
    public static func initializeForTesting() -> String? {
        let environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else {
            return "no display (DISPLAY or WAYLAND_DISPLAY): run GTK tests under scripts/headless"
        }
        return initialize() ? nil : "the display in DISPLAY/WAYLAND_DISPLAY does not open"
    }

    /// Whether tests that need a display must run rather than skip: `CI` is set (non-empty).
    public nonisolated static var mustRunDisplayTests: Bool {
        !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
    }
}

// GTK 4.8 has no getters for accessible properties and states outside its testing API, and a
// wrapper's memory of what it set proves nothing: tests ask GTK's accessibility layer itself.
extension Widget {
    /// A boolean accessible state (busy, hidden…) as GTK holds it for assistive technology,
    /// `nil` if it was never set (`gtk_test_accessible_has_state`, `gtk_test_accessible_check_state`).
    public func reportedAccessibleState(_ state: GtkAccessibleState) -> Bool? {
        withWidget(nil) { widget in
            guard Bool(gboolean: gtk_test_accessible_has_state(widget.opaque, state)) else { return nil }
            guard let mismatch = tessera_test_accessible_check_boolean_state(widget.opaque, state, 1) else { return true }
            g_free(mismatch)
            return false
        }
    }

    /// A text accessible property (label, description) as GTK holds it for assistive
    /// technology, `nil` if it is not set (`gtk_test_accessible_has_property`,
    /// `gtk_test_accessible_check_property`, which renders the value when it differs).
    public func reportedAccessibleText(_ property: GtkAccessibleProperty) -> String? {
        withWidget(nil) { widget in
            guard Bool(gboolean: gtk_test_accessible_has_property(widget.opaque, property)) else { return nil }
            return string(taking: tessera_test_accessible_check_string_property(widget.opaque, property, "")) ?? ""
        }
    }
}
