extension Service {
    /// Why issuing a ticket of this service at `time` is refused before a number is chosen, or
    /// nil: closed, outside its opening hours, or its daily cap reached (`issuedToday` tickets
    /// already issued this business day). `decide` refuses with it; a kiosk asks it ahead of a
    /// tap so that a button that cannot give a ticket is disabled with the reason.
    public func issueRefusal(at time: Instant, calendar: BusinessCalendar, issuedToday: Int) -> QueueError? {
        guard isOpen else { return .serviceClosed(code) }
        if let hours = openingHours, !hours.contains(secondsSinceMidnight: calendar.localSecondsSinceMidnight(of: time)) {
            return .outsideOpeningHours(code, hours)
        }
        if let cap = dailyCap, issuedToday >= cap { return .dailyCapReached(code, cap: cap) }
        return nil
    }
}
