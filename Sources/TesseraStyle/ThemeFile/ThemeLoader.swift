import FoundationEssentials
import KeyFileFormat

/// The theme to use after reading a theme file, and everything wrong with the file.
public struct ThemeLoadResult: Sendable {
    /// The file's theme when it has no errors, otherwise ``Theme/standard`` — a kiosk never
    /// comes up unstyled because of a typo.
    public var theme: Theme
    /// Every problem found, in file order (contrast problems last); empty when the file is good.
    public var errors: [ThemeFileError]

    /// Whether the file was rejected and the default theme is used instead.
    public var usedDefault: Bool { !errors.isEmpty }

    /// The lines to print or log for `errors`: at most `ProblemReport.shown`, then a count.
    public var report: [String] {
        ProblemReport.lines(errors, file: errors.first?.file ?? "", describe: \.description)
    }
}

/// Reads store theme files (GLib key-file format; documented in `Resources/themes/sample-brand.theme`).
public enum ThemeLoader {
    /// Resolves a theme by built-in name (`default`, `high-contrast`) or reads it from a file path.
    public static func resolve(_ nameOrPath: String) -> ThemeLoadResult {
        if let builtIn = Theme.builtIn[nameOrPath] { return ThemeLoadResult(theme: builtIn, errors: []) }
        return load(path: nameOrPath)
    }

    /// Reads the theme file at `path`.
    public static func load(path: String) -> ThemeLoadResult {
        do {
            return parse(try KeyFile.contents(ofFile: path), file: path)
        } catch {
            let problem = ThemeFileError(file: path, line: nil, group: nil, key: nil,
                                         kind: .unreadable(reason: error.description))
            return ThemeLoadResult(theme: .standard, errors: [problem])
        }
    }

    /// Parses theme-file text; `file` is only used to name the file in errors.
    public static func parse(_ text: String, file: String) -> ThemeLoadResult {
        let (keyFile, syntaxErrors) = KeyFile.parse(text)
        var errors = syntaxErrors.map {
            ThemeFileError(file: file, line: $0.line, group: $0.group, key: $0.key, kind: .syntax($0.message))
        }
        func fail(_ entry: KeyFile.Entry, _ kind: ThemeFileError.Kind) {
            errors.append(ThemeFileError(file: file, line: entry.line, group: entry.group, key: entry.key, kind: kind))
        }

        var knownGroups = Set<String>()
        for header in keyFile.groups where !knownGroups.contains(header.name) {
            if ThemeSchema.keys(in: header.name) == nil {
                errors.append(ThemeFileError(file: file, line: header.line, group: header.name, key: nil,
                                             kind: .unknownGroup))
            }
            knownGroups.insert(header.name)
        }

        // `base` first, wherever it is written: every other key overrides the base.
        var theme = Theme.standard
        theme.name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        if let base = keyFile.entry("base", in: ThemeSchema.themeGroup) {
            if let builtIn = Theme.builtIn[base.value] {
                let name = theme.name
                theme = builtIn
                theme.name = name
            } else {
                fail(base, .badValue(value: base.value, expected: Theme.builtIn.keys.sorted().joined(separator: " or ")))
            }
        }

        for entry in keyFile.entries {
            guard let keys = ThemeSchema.keys(in: entry.group) else { continue }  // reported with its group
            guard let setting = keys.first(where: { $0.0 == entry.key })?.1 else {
                fail(entry, .unknownKey)
                continue
            }
            if let problem = apply(setting, value: entry.value, to: &theme) { fail(entry, problem) }
        }

        // File order, a line's problems in the order found; contrast problems last.
        errors = errors.enumerated()
            .sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }
            .map(\.element)
        for check in ContrastAudit.failures(in: theme) {
            let (group, keys) = ThemeSchema.keys(deciding: check.subject)
            // Point at the line the file set last among the deciding keys; the base theme alone always passes.
            let culprit = keys.compactMap { keyFile.entry($0, in: group) }.max { $0.line < $1.line }
            errors.append(ThemeFileError(
                file: file, line: culprit?.line, group: group, key: culprit?.key ?? keys[0],
                kind: .insufficientContrast(subject: check.subject.description, foreground: check.foreground,
                                            background: check.background, ratio: check.ratio,
                                            required: check.required)))
        }

        return ThemeLoadResult(theme: errors.isEmpty ? theme : .standard, errors: errors)
    }

    /// Stores `value` into `theme`; returns what is wrong with it instead when it is invalid.
    private static func apply(_ setting: ThemeSchema.Setting, value: String, to theme: inout Theme)
        -> ThemeFileError.Kind? {
        switch setting {
        case .base:
            return nil  // applied before every other key
        case .name:
            guard !value.isEmpty, !value.contains(where: \.isNewline) else {
                return .badValue(value: value, expected: "a one-line name")
            }
            theme.name = value
        case .color(let path):
            guard let color = ThemeColor(hex: value) else { return .badColor(value: value) }
            theme[keyPath: path] = color
        case .integer(let path, let range):
            guard let number = Int(value) else { return .badNumber(value: value) }
            guard range.contains(number) else { return .outOfRange(value: number, allowed: range) }
            theme[keyPath: path] = number
        case .fontWeight:
            let named = ["normal": 400, "bold": 700]
            if let weight = named[value] {
                theme.typography.fontWeight = weight
            } else if let weight = Int(value) {
                guard (100...900).contains(weight) else { return .outOfRange(value: weight, allowed: 100...900) }
                theme.typography.fontWeight = weight
            } else {
                return .badValue(value: value, expected: "normal, bold or a number 100…900")
            }
        case .fontFamily:
            let allowed = value.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
            guard !value.isEmpty, allowed else {
                return .badValue(value: value, expected: "a font family name (letters, digits, spaces, - and _)")
            }
            theme.typography.fontFamily = value
        }
        return nil
    }
}
