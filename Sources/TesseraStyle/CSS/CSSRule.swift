/// One CSS rule. Built from structured parts so the generated sheet is always well-formed for
/// GTK 4.8's parser: every declaration ends with `;` (4.8 rejects a last declaration without one).
public struct CSSRule: Sendable, Equatable {
    public var selectors: [String]
    public var declarations: [(property: String, value: String)]

    public init(_ selectors: [String], _ declarations: [(property: String, value: String)]) {
        self.selectors = selectors
        self.declarations = declarations
    }

    public init(_ selector: String, _ declarations: [(property: String, value: String)]) {
        self.init([selector], declarations)
    }

    /// The rule as CSS text, one declaration per line.
    public var css: String {
        let body = declarations.map { "  \($0.property): \($0.value);\n" }.joined()
        return selectors.joined(separator: ",\n") + " {\n" + body + "}\n"
    }

    public static func == (lhs: CSSRule, rhs: CSSRule) -> Bool {
        lhs.selectors == rhs.selectors && lhs.declarations.elementsEqual(rhs.declarations) { $0 == $1 }
    }
}

/// A `@define-color name value;` line: GTK 4.8's stand-in for CSS variables (`var()` is not supported).
struct ColorDefinition: Sendable {
    var name: String
    var color: ThemeColor

    var css: String { "@define-color \(name) \(color.hex);\n" }
    /// How rules refer to the colour.
    var reference: String { "@" + name }
}
