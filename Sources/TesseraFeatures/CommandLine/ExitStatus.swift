import QueueStore

/// The exit codes every `tessera` command uses, and the one mapping from errors to them.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// The queue rules refused the operation; the message says why.
    public static let refused: Int32 = 1
    /// Bad usage or bad input (an option, a value, a configuration file).
    public static let badInput: Int32 = 2
    /// The store cannot be used (corrupt, unreadable, read-only, full, locked).
    public static let unavailable: Int32 = 3
    /// The command did its work, but its result could not be written (standard output closed
    /// or full); the message on standard error names what was committed.
    public static let outputLost: Int32 = 4

    /// The exit code for `error`.
    public static func of(_ error: any Error) -> Int32 {
        switch error {
        case is UsageError, is SettingsFileError: badInput
        case let error as StoreError: error.exitCode
        default: unavailable
        }
    }
}
