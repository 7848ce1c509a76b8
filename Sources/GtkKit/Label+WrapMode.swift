import CGtk

extension Label {
    /// Where a wrapping label may break its lines (`PangoWrapMode`).
    public enum WrapMode: Sendable, CaseIterable {
        /// Between words only: a word is never split.
        case word
        /// Between words, and inside a word too long for a line of its own.
        case wordOrCharacter

        var pango: PangoWrapMode { self == .word ? PANGO_WRAP_WORD : PANGO_WRAP_WORD_CHAR }
    }

    /// Where lines break when the label wraps (`gtk_label_get_wrap_mode` /
    /// `gtk_label_set_wrap_mode`). A label that may break inside a word asks for the width of a
    /// character only, so large type wraps instead of forcing its window wider than the screen.
    public var wrapMode: WrapMode {
        get { withWidget(.word) { gtk_label_get_wrap_mode($0.opaque) == PANGO_WRAP_WORD_CHAR ? .wordOrCharacter : .word } }
        set { withWidget { gtk_label_set_wrap_mode($0.opaque, newValue.pango) } }
    }
}
