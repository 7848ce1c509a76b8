/// A GLib key file (the `GKeyFile` format) read line by line, so every entry knows the line it
/// came from — `GKeyFile` itself forgets line numbers once a file is loaded, and theme errors
/// must name the line.
///
/// Follows `GKeyFile`'s syntax: `#` comment lines, `[group]` headers, `key=value` entries with
/// whitespace around `=` ignored, and the value escapes `\s \n \t \r \\`. Unlike `GKeyFile`,
/// trailing whitespace of a value is dropped too, and a key may appear only once per group.
/// A key may carry a locale, `name[cy]=…`: the value in that language (`GKeyFile`'s localized
/// keys); which keys may, and which locales, is the reader's to say.
public struct KeyFile: Sendable, Equatable {
    /// One `key=value` line.
    public struct Entry: Sendable, Equatable {
        public var group: String
        /// The key as written, locale and all (`name[cy]`).
        public var key: String
        public var value: String
        /// 1-based line number.
        public var line: Int
        /// The key without its locale (`name` for `name[cy]`).
        public var name: String
        /// The locale between the brackets (`cy` for `name[cy]`); nil for a key without one.
        public var locale: String?
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
            guard let (name, locale) = localizedKey(key) else {
                errors.append(SyntaxError(line: number, group: group, key: key,
                                          message: "“\(key)” is not a key: write key=value, or key[locale]=value for a language, like name[cy]"))
                continue
            }
            if locale?.isEmpty == true {
                errors.append(SyntaxError(line: number, group: group, key: key,
                                          message: "the brackets name no locale; write the language in them, like \(name)[cy]"))
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
                file.entries.append(Entry(group: currentGroup, key: key, value: value, line: number, name: name, locale: locale))
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

    /// The entries of `key` in `group` that carry a locale (`name[cy]` for `name`), in file order.
    public func localizedEntries(_ key: String, in group: String) -> [Entry] {
        entries.filter { $0.group == group && $0.name == key && $0.locale != nil }
    }

    /// `name[locale]` split in two; a key without brackets has no locale; nil when the brackets
    /// are not one pair at the end after a name (`name[cy`, `[cy]`, `na[m]e`).
    private static func localizedKey(_ key: String) -> (name: String, locale: String?)? {
        guard let open = key.firstIndex(of: "[") else { return key.contains("]") ? nil : (key, nil) }
        let name = key[..<open].trimmingWhitespace()
        let locale = key[key.index(after: open)...].dropLast()
        guard !name.isEmpty, key.hasSuffix("]"), !locale.contains("["), !locale.contains("]") else { return nil }
        return (String(name), String(locale))
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
