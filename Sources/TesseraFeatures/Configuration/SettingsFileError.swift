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

    /// One line per problem, file order, at most `ProblemReport.shown` of them.
    public var description: String {
        ProblemReport.lines(problems, file: problems.first?.location.file ?? "", describe: \.description)
            .joined(separator: "\n")
    }
}
