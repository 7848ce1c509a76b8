import GtkKit
import Localization

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

    /// For the screens a customer faces (kiosk, board): no pointer drawn over them (a touch
    /// screen; a mouse pointer left in the middle of the page is noise), and the screen kept
    /// awake while they show. The inhibit needs the window realized (its surface: under cage,
    /// Wayland's idle-inhibit protocol; under X, the session manager or the desktop portal).
    static func faceCustomers(_ window: Window, application: Application) {
        window.cursorName = "none"
        let cookie = application.inhibit(.idle, window: window, reason: localized("Customers are using this screen"))
        if cookie == 0 { AppIdentity.log.info("nothing in this session keeps the screen awake (no idle inhibit)") }
    }

    static func isInspectorKey(_ keyval: UInt32, _ modifiers: ModifierType) -> Bool {
        guard modifiers.contains(.control), modifiers.contains(.shift) else { return false }
        // GDK_KEY_D, GDK_KEY_d, GDK_KEY_I, GDK_KEY_i (X keysyms = Latin-1 code points).
        return [0x44, 0x64, 0x49, 0x69].contains(keyval)
    }
}
