import KeyFileFormat

/// A configuration file that cannot be used, with every problem found in it. The terminal does
/// not start half-configured: any problem refuses the whole file (exit 2).
public struct SettingsFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One problem, where it is.
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        public var location: KeyFileLocation
        public var message: String
        public var description: String { location.describe(message) }
    }

    public var problems: [Problem]

    init(_ problems: [Problem]) { self.problems = problems }

    init(file: String, _ message: String) {
        problems = [Problem(location: KeyFileLocation(file: file), message: message)]
    }

    /// Shown at most: a file of another format would otherwise print a line per line.
    static let shownProblems = 10

    /// One line per problem, file order, at most `shownProblems` of them.
    public var description: String {
        var lines = problems.prefix(Self.shownProblems).map(\.description)
        if problems.count > Self.shownProblems {
            lines.append("… and \(problems.count - Self.shownProblems) more problems in \(problems[0].location.file)")
        }
        return lines.joined(separator: "\n")
    }
}
