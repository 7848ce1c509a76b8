/// The rule for text shown to people (service, desk and store names): one line without control
/// characters (newlines and terminal escapes would break a screen, a ticket or a terminal), at
/// most 80 characters (what fits on a screen). One rule for the configuration file, the command
/// line and the store.
public enum DisplayText {
    public static let maximumLength = 80

    /// What breaks the rule in `text`, as a sentence fragment (“is empty”), or nil.
    public static func problem(in text: String) -> String? {
        if text.allSatisfy({ $0 == " " || $0 == "\t" }) { return "is empty; give a name" }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "must be one line of text without control characters (no newlines, tabs or terminal escapes)"
        }
        if text.count > maximumLength {
            return "is \(text.count) characters long; at most \(maximumLength) fit on a screen"
        }
        return nil
    }
}
