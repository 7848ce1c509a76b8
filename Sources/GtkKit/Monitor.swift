import CGtk

/// The screens the display drives (`GdkMonitor`).
public enum Monitors {
    /// The size of the display's first monitor, in application pixels; nil without a display or
    /// monitor. A kiosk runs full screen on it, so its shape decides the kiosk's layout before
    /// the window is laid out.
    @MainActor public static var firstSize: (width: Int32, height: Int32)? {
        guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display),
              g_list_model_get_n_items(monitors) > 0, let item = g_list_model_get_item(monitors, 0)
        else { return nil }
        defer { g_object_unref(item) }
        var rect = GdkRectangle()
        gdk_monitor_get_geometry(OpaquePointer(item), &rect)
        return rect.width > 0 && rect.height > 0 ? (rect.width, rect.height) : nil
    }
}
