import FoundationEssentials
import Localization
import QueueCore
import TesseraFeatures

/// What the desk's labels and pooled buttons say.
extension DeskScreen {
    /// "Returns: 3 waiting, longest 4 min · new ticket 10–15 min (closed)": the last is the
    /// wait the kiosk promises a ticket taken now, in the board's words (`WaitWords.short`).
    static func summary(_ line: DeskSnapshot.ServiceLine, now: Date) -> String {
        let waiting = localizedPlural("%1$s: %2$d waiting", "%1$s: %2$d waiting", count: line.waiting, line.name, line.waiting)
        var since = line.longestWaitingSince.map { localized("%s, longest %s", waiting, minutes(since: $0, now: now)) } ?? waiting
        if line.isOpen, let standing = line.newTicket {
            let wait = WaitWords(.locale).short(peopleAhead: standing.peopleAhead, estimate: standing.estimatedWait)
            // TRANSLATORS: a service's line at the desk, then the wait a ticket taken now would get ("about 5 min").
            since = localized("%1$s · new ticket %2$s", since, wait)
        }
        return line.isOpen ? since : localized("%s (closed)", since)
    }

    /// What a pooled button says for `action` (nil: its fixed label).
    static func label(for action: DeskAction, in snapshot: DeskSnapshot?, position: TransferPosition) -> String? {
        func code(_ id: TicketID, in list: [Ticket]?) -> String { list?.first { $0.id == id }?.code ?? "" }
        switch action {
        case .call(let id): return localized("Call %s", code(id, in: snapshot?.waiting))
        case .resume(let id): return localized("Resume %s here", code(id, in: snapshot?.parked))
        case .reactivate(let id): return localized("Bring back %s", code(id, in: snapshot?.noShows))
        case .transfer(let target, _):
            // TRANSLATORS: %1$s a service, %2$s where in its queue ("at the front of its queue").
            return snapshot?.allServices.first { $0.code == target }.map { localized("Send to %1$s — %2$s", $0.name, DeskTicketPanel.place(position)) }
        case .chooseServices:
            return nil
        case .openService(let code): return localized("Open %s", code.rawValue)
        case .closeService(let code): return localized("Close %s", code.rawValue)
        default: return nil
        }
    }

    /// Whole minutes from `date` to `now` in a list's few characters: "< 1 min", "12 min".
    static func shortMinutes(since date: Date, now: Date) -> String {
        let minutes = max(0, Int(now.timeIntervalSince(date) / 60))
        // TRANSLATORS: a waited time under one minute, in a list's narrow column.
        return minutes < 1 ? localized("< 1 min") : localizedPlural("%d min", "%d min", count: minutes)
    }

    /// Whole minutes from `date` to `now` (the model's clock), as staff read them.
    static func minutes(since date: Date, now: Date) -> String {
        let minutes = max(0, Int(now.timeIntervalSince(date) / 60))
        return minutes < 1 ? localized("under a minute") : localizedPlural("%d min", "%d min", count: minutes)
    }
}
