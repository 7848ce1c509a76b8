import CGLib

extension Language {
    /// A time of day as this language writes it, through GLib's `GDateTime` formats: the format
    /// itself is translated (`%H:%M`, `%-l.%M%P`…). Only numeric codes belong in it: GLib takes
    /// month and day names and am/pm from the process locale, not from this language.
    public func time(hour: Int, minute: Int) -> String {
        // TRANSLATORS: a time of day (opening hours, the board's clock) in g_date_time_format codes:
        // %H hours 00-23, %k hours 0-23, %M minutes. Use no names (%a, %b, %p): they would come out in
        // the machine's language, not yours.
        let format = localized("%H:%M")
        guard let date = g_date_time_new_utc(2000, 1, 1, Int32(hour), Int32(minute), 0) else { return "\(hour):\(minute)" }
        defer { g_date_time_unref(date) }
        guard let text = g_date_time_format(date, format) else { return "\(hour):\(minute)" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
