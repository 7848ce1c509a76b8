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

    /// Parses a database URL or path. PostgreSQL URLs name a server, not a file: `openStore`
    /// takes them before this is asked, and anything that needs a file refuses them (exit 2).
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
                \(PostgresURL(url)?.description ?? "postgresql://…") names a PostgreSQL server, not a file; \
                this needs sqlite:///absolute/path.db or a file path
                """)
        }
        if lowered.hasPrefix("sqlite:") {
            let rest = url.dropFirst("sqlite:".count)
            guard rest.hasPrefix("///") else {
                throw .badInput("bad database URL \(url): write sqlite:///absolute/path.db (three slashes)")
            }
            let pathAndQuery = rest.dropFirst(2)
            let parts = pathAndQuery.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            guard let path = PercentEncoding.decoded(parts[0]) else {
                throw .badInput("bad database URL \(url): a % must start an escape like %20")
            }
            return DatabaseLocation(path: try normalized(path, given: url),
                                    parameters: parts.count > 1 ? String(parts[1]) : nil)
        }
        if url.contains("://") {
            throw .badInput("unknown database URL \(url): use sqlite:///absolute/path.db, a file path, or postgresql://user@host/database")
        }
        let absolute = url.hasPrefix("/") ? url : FileManager.default.currentDirectoryPath + "/" + url
        return DatabaseLocation(path: try normalized(absolute, given: url))
    }

    /// Every path the store opens, however it was given (URL, path, environment), made one way:
    /// NUL refused (SQLite would cut the name there and open another file), runs of `/`
    /// collapsed (a leading `//` would become a URI authority in the `file:` name), `.` and `..`
    /// resolved by name. A path that names a directory is refused: it holds no database (and
    /// SQLite would open a temporary one for an empty name).
    static func normalized(_ path: String, given: String) throws(StoreError) -> String {
        if path.utf8.contains(0) {
            throw .badInput("bad database path \(given.debugDescription): it contains a NUL character")
        }
        guard path.hasPrefix("/") else {
            throw .badInput("bad database path \(given): it must be absolute")
        }
        var components: [Substring] = []
        for component in path.split(separator: "/") where component != "." {
            if component == ".." { _ = components.popLast() } else { components.append(component) }
        }
        guard let last = components.last, !path.hasSuffix("/"), last != ".", last != ".." else {
            throw .badInput("bad database path \(given): it names a directory; name the database file, like /var/lib/tessera/queue.db")
        }
        return "/" + components.joined(separator: "/")
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
        return DatabaseLocation(path: try normalized(dataHome + "/tessera/queue.db", given: dataHome + "/tessera/queue.db"))
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
