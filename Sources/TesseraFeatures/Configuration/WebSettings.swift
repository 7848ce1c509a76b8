/// `[web]`: the kiosk's small web server (issue 27), whose `BASE/t/TOKEN` page a phone opens
/// from the QR code on a ticket. Off unless the file turns it on.
public struct WebSettings: Equatable, Sendable {
    public var enabled = false
    /// The address the server listens on: an IPv4 or IPv6 literal; 0.0.0.0 is every IPv4 one.
    public var listen = "0.0.0.0"
    public var port = 8080
    /// The address phones reach the server at, `http://…` or `https://…`, without a trailing
    /// `/`: each ticket's QR code holds `baseURL + "/t/" + token`. Required when enabled.
    public var baseURL: String?
    /// PEM certificate and private key for HTTPS; both or neither (nil: plain HTTP).
    public var certificate: String?
    public var key: String?

    /// The longest `base-url` taken: with `/t/` and a 22-character token it stays within a
    /// version 7 QR code (45 modules, 4 dots each = 22 mm on a 203 dpi ticket).
    public static let longestBaseURL = 120

    public init() {}
}
