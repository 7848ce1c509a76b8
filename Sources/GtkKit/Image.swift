import CGtk

/// An icon or picture (`GtkImage`).
@MainActor public final class Image: Widget {
    /// Creates an image from the icon theme (`gtk_image_new_from_icon_name`).
    public init(iconName: String) {
        super.init(newWidget: gtk_image_new_from_icon_name(iconName))
    }

    /// Creates an image from a file (`gtk_image_new_from_file`); a missing or broken file
    /// shows GTK's "broken image" icon.
    public init(file path: String) {
        super.init(newWidget: gtk_image_new_from_file(path))
    }

    /// The themed icon shown, `nil` if the image shows something else
    /// (`gtk_image_get_icon_name` / `gtk_image_set_from_icon_name`).
    public var iconName: String? {
        get { withWidget(nil) { string(borrowing: gtk_image_get_icon_name($0.opaque)) } }
        set {
            guard let newValue else { withWidget { gtk_image_clear($0.opaque) }; return }
            withWidget { gtk_image_set_from_icon_name($0.opaque, newValue) }
        }
    }

    /// Shows a file (`gtk_image_set_from_file`).
    public func setFile(_ path: String) {
        withWidget { gtk_image_set_from_file($0.opaque, path) }
    }

    /// Icon size in pixels, -1 for the theme size
    /// (`gtk_image_get_pixel_size` / `gtk_image_set_pixel_size`).
    public var pixelSize: Int32 {
        get { withWidget(-1) { gtk_image_get_pixel_size($0.opaque) } }
        set { withWidget { gtk_image_set_pixel_size($0.opaque, newValue) } }
    }
}
