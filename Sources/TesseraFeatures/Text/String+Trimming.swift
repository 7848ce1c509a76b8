extension StringProtocol {
    /// The text without the spaces and tabs at either end (line breaks stay): Foundation's
    /// `trimmingCharacters(in: .whitespaces)` on the standard library, which is all the
    /// command line and the configuration file need of it.
    public func trimmingSpaces() -> String {
        func isSpace(_ character: Character) -> Bool { character.isWhitespace && !character.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
