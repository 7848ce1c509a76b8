import FoundationEssentials
import QueueCore

/// What a connection knows of the database without reading it again. It stays true while
/// `PRAGMA data_version` reads as it did when this was read or last written: that value
/// changes only when *another* connection commits, and every write of this connection goes
/// through `record`.
struct KnownState {
    /// The small tables (configuration, desks, staff, next ticket id, current day); no tickets.
    var base: QueueState
    /// The display numbers held by open tickets, for the issuing services read so far.
    /// Without it, every issue re-read and re-hashed every open number of its service: the
    /// largest cost of an issue in Swift, and one that grew with the queue.
    var held: [ServiceCode: Set<Int>] = [:]
    /// An instant QueueCore has placed in the current business day or before it, with the day
    /// and calendar that holds for. Every earlier instant is too: QueueCore's business day is
    /// the latest day whose start is not after the instant, so it only moves forward in time.
    private var sameDayUntil: (instant: Instant, day: BusinessDay, calendar: BusinessCalendar)?

    init(base: QueueState) { self.base = base }

    /// Takes in a command's writes: `before` is the slice it was decided on (numbers read from
    /// the file or taken from here), `after` the state after its events, `written` the ticket
    /// rows as the writer stored them. A number is held exactly while its ticket's row is open
    /// (QueueCore never gives two open tickets of a service the same number), so each known
    /// service's numbers follow the rows written, not QueueCore's bookkeeping.
    mutating func record(before: SliceWriter.Before, after: QueueState, written: [Ticket]) {
        base = after.base
        // The slice's services start from QueueCore's sets after the events: they began as
        // the file's numbers and have had the same moves applied, so the row moves below find
        // nothing left to change.
        for service in before.heldServices { held[service] = after.heldNumbers[service] }
        for ticket in written {
            let old = before.tickets[ticket.id]
            let wasHeld = old?.isOpen == true, isHeld = ticket.isOpen
            if let old, wasHeld, !isHeld || old.number != ticket.number || old.issuedService != ticket.issuedService {
                held[old.issuedService]?.remove(old.number)
            }
            if isHeld, !wasHeld || old?.number != ticket.number || old?.issuedService != ticket.issuedService {
                held[ticket.issuedService]?.insert(ticket.number)
            }
        }
    }
}

extension KnownState {
    /// QueueCore's `needsDayChange(at:)` for these small tables, without asking it again for
    /// instants up to the last second before the next day's start once it has placed that
    /// second in the current day: every ticket command asks, and each answer takes several
    /// time-zone lookups (Benchmarks/README.md, "Figures behind source comments").
    mutating func needsDayChange(at time: Instant) -> Bool {
        guard let day = base.currentDay else { return base.needsDayChange(at: time) }
        let calendar = base.configuration.calendar
        if let known = sameDayUntil, time <= known.instant, known.day == day, known.calendar == calendar {
            return false
        }
        let needed = base.needsDayChange(at: time)
        let lastSecond = calendar.start(of: day.next).advanced(bySeconds: -1)
        if !needed, calendar.businessDay(containing: lastSecond) <= day {
            sameDayUntil = (lastSecond, day, calendar)
        }
        return needed
    }
}

extension QueueState {
    /// Only the small tables of this state (what `SliceLoader.base()` reads).
    var base: QueueState {
        QueueState(configuration: configuration, desks: desks, staff: staff, tickets: [], counters: [:],
                   heldNumbers: [:], nextTicketID: nextTicketID, currentDay: currentDay)
    }
}
