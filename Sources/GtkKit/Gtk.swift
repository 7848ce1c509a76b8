import CGtk

/// Process-wide GTK setup, for programs and tests that run without an `Application`
/// (which initialises GTK itself when it starts).
@MainActor public enum Gtk {
    /// Initialises GTK on the calling (main) thread (`gtk_init_check`); false when no
    /// display can be opened. Safe to call more than once.
    @discardableResult
    public static func initialize() -> Bool {
        Bool(gboolean: gtk_init_check())
    }

    /// The GTK library version the process runs with
    /// (`gtk_get_major_version`, `gtk_get_minor_version`, `gtk_get_micro_version`).
    public static var version: (major: UInt32, minor: UInt32, micro: UInt32) {
        (gtk_get_major_version(), gtk_get_minor_version(), gtk_get_micro_version())
    }
}
