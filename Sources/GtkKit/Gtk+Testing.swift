import FoundationEssentials

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
