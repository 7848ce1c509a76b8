import KeyFileFormat

/// One problem in a theme file, with where it is: file, line, group and key.
///
/// `description` reads like a compiler diagnostic so an installer can jump to it:
/// `brand.theme:14: [primary] pressed-background: “#12g” is not a colour; use #rgb or #rrggbb`.
public struct ThemeFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The file could not be read at all.
        case unreadable(reason: String)
        /// A line that is not key-file syntax.
        case syntax(String)
        /// A `[group]` the format does not have.
        case unknownGroup
        /// A key the group does not have.
        case unknownKey
        /// A colour key whose value is not `#rgb`/`#rrggbb`.
        case badColor(value: String)
        /// A number key whose value is not a whole number.
        case badNumber(value: String)
        /// A number outside the key's allowed range.
        case outOfRange(value: Int, allowed: ClosedRange<Int>)
        /// A value that is none of the allowed words or is unsafe.
        case badValue(value: String, expected: String)
        /// A colour pair below the WCAG 2.2 AA minimum.
        case insufficientContrast(subject: String, foreground: ThemeColor, background: ThemeColor,
                                  ratio: Double, required: Double)
    }

    public var file: String
    /// 1-based line, `nil` when the problem is the whole file.
    public var line: Int?
    public var group: String?
    public var key: String?
    public var kind: Kind

    public init(file: String, line: Int?, group: String?, key: String?, kind: Kind) {
        self.file = file
        self.line = line
        self.group = group
        self.key = key
        self.kind = kind
    }

    public var description: String {
        KeyFileLocation(file: file, line: line, group: group, key: key).describe(message)
    }

    /// What is wrong, without the location.
    public var message: String {
        switch kind {
        case .unreadable(let reason):
            "cannot read the theme file (\(reason))"
        case .syntax(let detail):
            detail
        case .unknownGroup:
            "unknown group; a theme file has [theme], [primary], [secondary] and [destructive]"
        case .unknownKey:
            "unknown key"
        case .badColor(let value):
            "“\(value)” is not a colour; use #rgb or #rrggbb"
        case .badNumber(let value):
            "“\(value)” is not a whole number"
        case .outOfRange(let value, let allowed):
            "\(value) is out of range; allowed \(allowed.lowerBound)…\(allowed.upperBound)"
        case .badValue(let value, let expected):
            "“\(value)” is not allowed; expected \(expected)"
        case .insufficientContrast(let subject, let foreground, let background, let ratio, let required):
            "\(subject) contrast \(Self.format(ratio)):1 (\(foreground.hex) on \(background.hex)) "
                + "is below the WCAG 2.2 AA minimum of \(Self.format(required)):1"
        }
    }

    private static func format(_ ratio: Double) -> String {
        let hundredths = Int((ratio * 100).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
