/// A GLib key file (the `GKeyFile` format) read line by line, so every entry knows the line it
/// came from — `GKeyFile` itself forgets line numbers once a file is loaded, and theme errors
/// must name the line.
///
/// Follows `GKeyFile`'s syntax: `#` comment lines, `[group]` headers, `key=value` entries with
/// whitespace around `=` ignored, and the value escapes `\s \n \t \r \\`. Unlike `GKeyFile`,
/// trailing whitespace of a value is dropped too, and a key may appear only once per group.
public struct KeyFile: Sendable, Equatable {
    /// One `key=value` line.
    public struct Entry: Sendable, Equatable {
        public var group: String
        public var key: String
        public var value: String
        /// 1-based line number.
        public var line: Int
    }

    /// One `[group]` header.
    public struct GroupHeader: Sendable, Equatable {
        public var name: String
        public var line: Int
    }

    /// A line that is not valid key-file syntax.
    public struct SyntaxError: Error, Sendable, Equatable {
        public var line: Int
        /// Group the line is in, if any.
        public var group: String?
        /// The key, when the line got as far as having one.
        public var key: String?
        public var message: String
    }

    public private(set) var groups: [GroupHeader] = []
    public private(set) var entries: [Entry] = []

    /// Parses `text`, collecting every syntax error instead of stopping at the first.
    public static func parse(_ text: String) -> (file: KeyFile, errors: [SyntaxError]) {
        var file = KeyFile()
        var errors: [SyntaxError] = []
        var group: String?
        var seen: [String: Int] = [:]  // "group\u{0}key" -> first line
        // "\r\n" is one Character in Swift, so split on both spellings of a line end.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            var line = Substring(rawLine)
            if number == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("[") {
                guard let name = groupName(in: trimmed) else {
                    errors.append(SyntaxError(line: number, group: group, key: nil,
                                              message: "“\(trimmed)” is not a valid [group] header"))
                    continue
                }
                group = name
                file.groups.append(GroupHeader(name: name, line: number))
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else {
                errors.append(SyntaxError(line: number, group: group, key: nil,
                                          message: "“\(trimmed)” is not a key=value pair, [group] or # comment"))
                continue
            }
            let key = String(trimmed[..<equals].trimmingWhitespace())
            let rawValue = trimmed[trimmed.index(after: equals)...].trimmingWhitespace()
            guard !key.isEmpty else {
                errors.append(SyntaxError(line: number, group: group, key: nil, message: "a key=value line has no key"))
                continue
            }
            guard let currentGroup = group else {
                errors.append(SyntaxError(line: number, group: nil, key: key,
                                          message: "key before the first [group] header"))
                continue
            }
            let identity = currentGroup + "\u{0}" + key
            if let first = seen[identity] {
                errors.append(SyntaxError(line: number, group: currentGroup, key: key,
                                          message: "set twice (first on line \(first))"))
                continue
            }
            seen[identity] = number
            switch unescape(rawValue) {
            case .success(let value):
                file.entries.append(Entry(group: currentGroup, key: key, value: value, line: number))
            case .failure(let problem):
                errors.append(SyntaxError(line: number, group: currentGroup, key: key, message: problem.message))
            }
        }
        return (file, errors)
    }

    /// The entry for `key` in `group`, if the file sets it.
    public func entry(_ key: String, in group: String) -> Entry? {
        entries.first { $0.group == group && $0.key == key }
    }

    private static func groupName(in header: Substring) -> String? {
        guard header.hasSuffix("]") else { return nil }
        let name = header.dropFirst().dropLast()
        let valid = !name.isEmpty && !name.contains { $0 == "[" || $0 == "]" || ($0.asciiValue ?? 0x20) < 0x20 }
        return valid ? String(name) : nil
    }

    private struct EscapeProblem: Error { var message: String }

    private static func unescape(_ raw: Substring) -> Result<String, EscapeProblem> {
        var result = ""
        var iterator = raw.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else { result.append(character); continue }
            switch iterator.next() {
            case "s": result.append(" ")
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "\\": result.append("\\")
            case let other?: return .failure(EscapeProblem(message: "unknown escape “\\\(other)” in the value"))
            case nil: return .failure(EscapeProblem(message: "the value ends with a lone “\\”"))
            }
        }
        return .success(result)
    }
}

extension Substring {
    /// The substring without leading and trailing spaces, tabs and carriage returns.
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }),
              let end = lastIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        return self[start...end]
    }
}
