/// How the problems of one file are printed or logged: the first `shown`, in file order, then
/// how many more there are. A file of another format (or 70,000 unknown keys) would otherwise
/// print a line per line and bury the first, most useful one. Used for configuration and
/// theme files alike.
public enum ProblemReport {
    public static let shown = 10

    /// The first `shown` of `problems` described (`FILE:LINE: …`), and a last line counting
    /// the rest (which are not described at all).
    public static func lines<Problems: Collection>(
        _ problems: Problems, file: String, describe: (Problems.Element) -> String
    ) -> [String] {
        let described = problems.prefix(shown).map(describe)
        guard problems.count > shown else { return described }
        return described + ["… and \(problems.count - shown) more problems in \(file)"]
    }
}
