/// Fills a translated text's placeholders: `%s` and `%d` in order, `%1$s`/`%2$d` by position (a
/// translation may need its own order), `%%` a percent sign. They are C's printf directives
/// because gettext's tools know them: xgettext marks such a msgid `c-format` and `msgfmt --check`
/// refuses a translation whose placeholders differ. Not `vsnprintf` itself: it needs C varargs
/// of the right C types and C strings kept alive across the call, for two directives.
enum TextFormat {
    static func fill(_ text: String, _ arguments: [any CustomStringConvertible]) -> String {
        guard !arguments.isEmpty, text.contains("%") else { return text }
        var out = ""
        var next = 0
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            let directive = rest[rest.index(after: percent)...]
            if directive.first == "%" {
                out += "%"
                rest = directive.dropFirst()
                continue
            }
            let digits = directive.prefix { $0.isASCII && $0.isNumber }
            var position: Int?
            var conversion = directive
            if !digits.isEmpty, directive.dropFirst(digits.count).first == "$" {
                position = Int(digits)
                conversion = directive.dropFirst(digits.count + 1)
            }
            guard let kind = conversion.first, kind == "s" || kind == "d" else {
                out += "%"
                rest = directive
                continue
            }
            let index = position.map { $0 - 1 } ?? next
            next += 1
            out += arguments.indices.contains(index) ? arguments[index].description : "%" + String(directive[..<conversion.index(after: conversion.startIndex)])
            rest = conversion.dropFirst()
        }
        return out + rest
    }
}
