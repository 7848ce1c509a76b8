/// A PostgreSQL database URL as `--database` gives it: passed to libpq unchanged (libpq reads
/// the URI, its `sslmode` and other parameters, and the `PG*` environment variables), and
/// shown in messages only without its password.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    /// What libpq receives.
    let connectionString: String

    /// `postgresql://…` or `postgres://…` (any case), else nil.
    public init?(_ url: String) {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") else { return nil }
        connectionString = url
    }

    /// The URL with any password removed: `user:secret@` becomes `user@`, and a `password`
    /// parameter is dropped. This is the only form used in errors and logs.
    public var description: String { Self.redacted(connectionString) }

    static func redacted(_ url: String) -> String {
        guard let schemeEnd = url.firstRange(of: "://") else { return url }
        let scheme = url[..<schemeEnd.upperBound]
        var rest = Substring(url[schemeEnd.upperBound...])
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        // The authority ends at the first "/"; its user info at the last "@" before that.
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        let path = rest[authorityEnd...]
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            let user = userInfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            authority = user + authority[at...]
        }
        var result = scheme + authority + path
        if let query {
            let kept = query.split(separator: "&").filter { !$0.lowercased().hasPrefix("password=") }
            if !kept.isEmpty { result += "?" + kept.joined(separator: "&") }
        }
        return String(result)
    }
}
