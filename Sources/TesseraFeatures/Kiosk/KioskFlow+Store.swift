import FoundationEssentials
import QueueCore
import QueueStore

/// Following the store and the printer: what is read again when, and which answer counts.
extension KioskFlow {
    /// Following from now on: the offer is read at once, and the printer watched.
    mutating func followed(now: Date) -> [Effect] {
        isFollowing = true
        return readOffer(at: now) + watchPrinter()
    }

    mutating func stoppedFollowing() -> [Effect] {
        isFollowing = false
        return [.cancelTimer(.clockCheck)] + (printer == nil ? [] : [.cancelTimer(.printerPoll)])
    }

    /// On every change any process commits, the offer is read again (closed services go, added
    /// ones come, renames show) and, while a ticket shows, its people ahead and wait; and the
    /// copies staff asked of this kiosk are printed.
    mutating func storeChanged(_ events: [StoredEvent], now: Date) -> [Effect] {
        let copies: [Effect] = if let printer {
            Self.reprints(askedOf: printer.terminal, in: events).map { .reprint($0, footer: printer.footer) }
        } else { [] }
        return readOffer(at: now) + copies
    }

    /// Offline while the server is lost; back online, everything is read again (changes made
    /// meanwhile came with no notification).
    mutating func reachabilityChanged(_ state: StoreReachability, now: Date) -> [Effect] {
        let offline = state != .online
        defer { isOffline = offline }
        return isOffline && !offline ? readOffer(at: now) : []
    }

    mutating func readOffer(at now: Date) -> [Effect] {
        readGeneration += 1
        let shown: TicketID? = if case .showingTicket(let ticket) = phase { ticket.id } else { nil }
        return [.readOffer(generation: readGeneration, at: now, standingOf: shown)]
    }

    /// Reads may finish out of order: an older one never replaces a newer one (but a busy
    /// store's stream of changes never starves the screen of every read). While followed, the
    /// offer is read again when the clock alone changes it.
    mutating func offerRead(generation: Int, _ offer: Offer?, standing: TicketStanding?, of ticket: TicketID?) -> [Effect] {
        guard generation > appliedGeneration else { return [] }
        appliedGeneration = generation
        if let standing, case .showingTicket(var shown) = phase, shown.id == ticket {
            shown.peopleAhead = standing.peopleAhead
            shown.estimatedWait = standing.estimatedWait
            phase = .showingTicket(shown)
        }
        guard let offer else { return [] }
        services = offer.services
        storeName = offer.storeName
        localizedStoreNames = offer.localizedStoreNames
        if isFollowing, let delay = offer.nextClockChange { return [.startTimer(.clockCheck, after: delay)] }
        return [.cancelTimer(.clockCheck)]
    }

    /// Reads the printer's status now, and `pollInterval` after each answer; one read at a time.
    mutating func watchPrinter() -> [Effect] {
        guard printer != nil, !printerReadInFlight else { return [] }
        printerReadInFlight = true
        return [.cancelTimer(.printerPoll), .readPrinterCondition]
    }

    mutating func printerConditionRead(_ condition: PrinterCondition, now: Date) -> [Effect] {
        guard let printer else { return [] }
        printerReadInFlight = false
        return conditionRead(condition, now: now) + [.startTimer(.printerPoll, after: printer.pollInterval)]
    }

    /// A new condition is recorded in the store, so desks and the board (other processes) show it.
    mutating func conditionRead(_ condition: PrinterCondition, now: Date) -> [Effect] {
        guard condition != printerCondition else { return [] }
        printerCondition = condition
        return [.recordPrinterCondition(condition, terminal: printer?.terminal, at: now)]
    }

    /// The tickets `events` ask the kiosk named `name` to print again: the copies asked of it and
    /// those asked of every kiosk, never one asked of another kiosk (which prints it itself).
    static func reprints(askedOf name: String?, in events: [StoredEvent]) -> [TicketID] {
        events.compactMap { stored in
            guard case .ticketReprintRequested(let terminal) = stored.event.details, terminal == nil || terminal == name
            else { return nil }
            return stored.event.ticket
        }
    }
}
