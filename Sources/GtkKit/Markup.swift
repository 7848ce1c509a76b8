import CGtk

/// Pango markup, for labels set with ``Label/setMarkup(_:)``.
public enum Markup {
    /// `text` as markup that shows it literally: `&`, `<`, `>`, `'` and `"` become entities
    /// (GLib's `g_markup_escape_text`, the escaper Pango's own parser is written against).
    /// Every piece of text inside markup goes through this: names, ticket codes, translations.
    public static func escaped(_ text: String) -> String {
        string(taking: g_markup_escape_text(text, -1)) ?? ""
    }
}
