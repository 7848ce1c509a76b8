import GtkKit

/// Who this application is to the system: the id of its GtkApplication, .desktop file, icon
/// and AppStream metainfo, and the domain of its log messages.
public enum AppIdentity {
    public static let applicationID = "app.tessera.Kiosk"
    public static let log = Log(domain: "Tessera")
}
