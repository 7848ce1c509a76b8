import FoundationEssentials

/// Where the SQLite queue database lives, parsed from `--database`:
/// `sqlite:///abs/path.db[?mode=ro]`, a plain path, or nothing for the per-user default
/// `$XDG_DATA_HOME/tessera/queue.db` (falling back to `~/.local/share/tessera/queue.db`).
public struct DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    /// The absolute file path, used in messages.
    public let path: String
    /// SQLite URI parameters passed through (e.g. `mode=ro`), without the `?`.
    public let parameters: String?

    public init(path: String, parameters: String? = nil) {
        self.path = path
        self.parameters = parameters
    }

    public var description: String { path }

    /// The `file:` URI handed to `sqlite3_open_v2` with SQLITE_OPEN_URI.
    var sqliteFilename: String {
        return "file:" + PercentEncoding.escapingURIPath(path) + (parameters.map { "?" + $0 } ?? "")
    }

    /// Parses a database URL or path. PostgreSQL URLs are recognised and refused (exit 2) until
    /// the PostgreSQL store exists.
    public static func parse(
        _ url: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(StoreError) -> DatabaseLocation {
        guard let url else { return try defaultLocation(environment: environment) }
        guard !url.isEmpty else {
            throw .badInput("the database URL is empty: leave --database out for the default, or give sqlite:///path.db")
        }
        let lowered = url.lowercased()
        if lowered.hasPrefix("postgresql:") || lowered.hasPrefix("postgres:") {
            throw .badInput("""
                PostgreSQL databases (\(url)) are not supported yet; \
                use sqlite:///absolute/path.db or a file path
                """)
        }
        if lowered.hasPrefix("sqlite:") {
            let rest = url.dropFirst("sqlite:".count)
            guard rest.hasPrefix("///") else {
                throw .badInput("bad database URL \(url): write sqlite:///absolute/path.db (three slashes)")
            }
            let pathAndQuery = rest.dropFirst(2)
            let parts = pathAndQuery.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let path = PercentEncoding.decoded(parts[0]) ?? String(parts[0])
            guard path.count > 1 else { throw .badInput("bad database URL \(url): no file path") }
            return DatabaseLocation(path: path, parameters: parts.count > 1 ? String(parts[1]) : nil)
        }
        if url.contains("://") {
            throw .badInput("unknown database URL \(url): use sqlite:///absolute/path.db or a file path")
        }
        let absolute = url.hasPrefix("/") ? url : FileManager.default.currentDirectoryPath + "/" + url
        return DatabaseLocation(path: URL(fileURLWithPath: absolute).standardizedFileURL.path)
    }

    /// `$XDG_DATA_HOME/tessera/queue.db`, or `$HOME/.local/share/tessera/queue.db`.
    public static func defaultLocation(environment: [String: String]) throws(StoreError) -> DatabaseLocation {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            dataHome = home + "/.local/share"
        } else {
            throw .badInput("no database given and neither XDG_DATA_HOME nor HOME is set; use --database PATH")
        }
        return DatabaseLocation(path: dataHome + "/tessera/queue.db")
    }

    /// Creates the directory that will hold the file (for the default location on a fresh machine).
    public func createDirectory() throws(StoreError) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .unavailable(file: path, problem: .unreadable, detail: "cannot create \(directory): \(systemErrorText(error))")
        }
    }
}
