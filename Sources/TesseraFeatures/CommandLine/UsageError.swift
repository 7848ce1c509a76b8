/// Bad usage of a command: the message is for the person at the command line (exit code 2).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ message: String) { description = message }
}
