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

    /// A day and a time of day, as on a printed ticket ("30/11/2026 19:40").
    public func dateAndTime(year: Int, month: Int, day: Int, hour: Int, minute: Int) -> String {
        // TRANSLATORS: a date and time on a printed ticket, in g_date_time_format codes: %d day,
        // %m month, %Y year, %H:%M the time. Numbers only: month names would come out in the machine's
        // language, not yours.
        let format = localized("%d/%m/%Y %H:%M")
        let fallback = "\(day)/\(month)/\(year) \(hour):\(minute)"
        guard let date = g_date_time_new_utc(Int32(year), Int32(month), Int32(day), Int32(hour), Int32(minute), 0)
        else { return fallback }
        defer { g_date_time_unref(date) }
        guard let text = g_date_time_format(date, format) else { return fallback }
        defer { g_free(text) }
        return String(cString: text)
    }
}
