import FoundationEssentials
import QueueCore

/// Why the store could not do what it was asked, mapped onto the CLI's exit codes
/// (0 ok, 1 refused by queue rules, 2 bad usage or input, 3 store unavailable).
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the database file; each case carries its own advice.
    public enum Problem: String, Sendable, Equatable {
        case corrupt, foreign, unreadable, readOnly, diskFull, busy, tooNew, failed
        /// A database server (PostgreSQL) that does not answer: down, unreachable, or refusing the login.
        case unreachable
        /// libpq, PostgreSQL's client library, cannot be loaded (tessera loads it only for a
        /// PostgreSQL store).
        case clientMissing
    }

    /// The queue rules refused the command; the error says why.
    case refused(QueueError)
    /// A guarded change found the ticket already changed by another desk or process.
    case conflict(String)
    /// The request itself is wrong: bad URL, unknown ticket code, malformed value.
    case badInput(String)
    /// The database cannot be used: corrupt, unreadable, read-only, disk full, locked too long.
    case unavailable(file: String, problem: Problem, detail: String)

    /// The process exit code the CLI uses for this error.
    public var exitCode: Int32 {
        switch self {
        // Naming a service, desk, ticket or staff member that does not exist is bad input, as
        // an unknown ticket code is: exit 1 is kept for what the rules refuse.
        case .refused(.serviceNotFound), .refused(.deskNotFound), .refused(.ticketNotFound),
            .refused(.staffNotFound): 2
        case .refused, .conflict: 1
        case .badInput: 2
        case .unavailable: 3
        }
    }

    public var description: String {
        switch self {
        case .refused(let error): return exitCode == 2 ? error.description : "refused: \(error.description)"
        case .conflict(let message): return "refused: \(message)"
        case .badInput(let message): return message
        case .unavailable(let file, let problem, let detail):
            return "the queue database \(file) \(problem.summary) (\(detail)). \(problem.advice)"
        }
    }
}

extension StoreError.Problem {
    var summary: String {
        switch self {
        case .corrupt: "is corrupt"
        case .foreign: "is not a Tessera queue database"
        case .unreadable: "cannot be opened"
        case .readOnly: "is read-only"
        case .diskFull: "cannot grow: the disk is full"
        case .busy: "is locked by another process"
        case .tooNew: "was written by a newer version of tessera"
        case .failed: "failed"
        case .unreachable: "cannot be reached"
        case .clientMissing: "cannot be opened without PostgreSQL's client library (libpq)"
        }
    }

    var advice: String {
        switch self {
        case .corrupt:
            "Nothing was changed. Restore the file from a backup, or move it aside to start a new, empty queue."
        case .foreign:
            "Nothing was changed. Point --database at a Tessera queue file, or at a new file to start an empty queue."
        case .unreadable:
            "Nothing was changed. Check that the file and its directory exist and are readable and writable by this user."
        case .readOnly:
            "Nothing was changed. Make the file and its directory writable (check permissions, `lsattr`, and read-only mounts)."
        case .diskFull:
            "Nothing was changed. Free space on the disk that holds the file, then try again."
        case .busy:
            "Nothing was changed. Another tessera process holds the database; try again, or stop the stuck process."
        case .tooNew:
            "Nothing was changed. Upgrade tessera, or point --database at another file."
        case .failed:
            "Nothing was changed. Try again; if it persists, check the system log."
        case .unreachable:
            "Nothing was changed. Check that the PostgreSQL server is running and reachable, and the URL's user, host, port and database (PG* environment variables fill in what the URL leaves out)."
        case .clientMissing:
            "Nothing was changed. Install the libpq5 package (apt install libpq5), or use a SQLite database."
        }
    }
}
