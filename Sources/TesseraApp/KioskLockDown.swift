import GtkKit

/// What keeps a customer inside a full-screen Tessera window.
@MainActor enum KioskLockDown {
    /// Swallows the GTK inspector's keys (Ctrl+Shift+D, Ctrl+Shift+I) before GtkWindow's own
    /// key bindings see them. Debian's GTK 4.8 turns the inspector keys on by default (GSettings
    /// `org.gtk.gtk4.Settings.Debug enable-inspector-keybinding`); a package override needs
    /// the schema compiled on the terminal, this works whatever the settings say.
    static func apply(to window: Window) {
        let keys = EventControllerKey()
        keys.propagationPhase = .capture
        keys.onKeyPressed { keyval, _, modifiers in isInspectorKey(keyval, modifiers) }
        window.addController(keys)
    }

    static func isInspectorKey(_ keyval: UInt32, _ modifiers: ModifierType) -> Bool {
        guard modifiers.contains(.control), modifiers.contains(.shift) else { return false }
        // GDK_KEY_D, GDK_KEY_d, GDK_KEY_I, GDK_KEY_i (X keysyms = Latin-1 code points).
        return [0x44, 0x64, 0x49, 0x69].contains(keyval)
    }
}
