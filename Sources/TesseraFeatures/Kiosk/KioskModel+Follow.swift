import FoundationEssentials
import QueueCore
import QueueStore

extension KioskModel {
    /// Follows the store from now on: on every change any process commits, the services are
    /// read again (closed ones go, added ones come, renames show) and, while a ticket shows,
    /// its people ahead and estimated wait. Subscribing touches the database, so it happens
    /// off the main thread.
    public func follow() async throws {
        let (store, name) = (store, printing?.terminal)
        subscription = try await Blocking.run {
            try store.observe(after: store.lastEventID()) { events in
                let reprints = KioskModel.reprints(askedOf: name, in: events)
                Task { @MainActor [weak self] in
                    self?.refresh()
                    reprints.forEach { self?.reprint($0) }
                }
            }
        }
        reachabilitySubscription = reachability(of: store)?.observeReachability { state in
            Task { @MainActor [weak self] in self?.reachabilityChanged(state) }
        }
        refresh()
        watchPrinter()
    }

    /// Offline while the server is lost; back online, everything is read again (changes made
    /// meanwhile came with no notification).
    func reachabilityChanged(_ state: StoreReachability) {
        let offline = state != .online
        if isOffline, !offline { refresh() }
        isOffline = offline
    }

    /// Whether `follow()` has subscribed to the change feed.
    public var followsStore: Bool { subscription != nil }

    public func stopFollowing() {
        subscription?.cancel()
        subscription = nil
        clockCheck?.cancel()
        clockCheck = nil
        stopWatchingPrinter()
        reachabilitySubscription?.cancel()
        reachabilitySubscription = nil
    }

    /// Reads the offer (services, whether each takes taps) and the shown ticket's standing
    /// again, off the main thread.
    func refresh() {
        readGeneration += 1
        let generation = readGeneration
        let store = store
        let instant = time.now()
        let ticketID: TicketID? = if case .showingTicket(let ticket) = phase { ticket.id } else { nil }
        Task { [weak self] in
            let read = await Blocking.run { () -> (offer: KioskOffer?, standing: TicketStanding?) in
                let offer = try? KioskOffer.read(from: store, at: instant)
                let standing = ticketID.flatMap { try? store.standing(of: $0, at: instant) }
                return (offer, standing)
            }
            // Reads may finish out of order: an older one never replaces a newer one (but a busy
            // store's stream of changes never starves the screen of every read).
            guard let self, generation > appliedGeneration else { return }
            appliedGeneration = generation
            if let offer = read.offer {
                services = offer.services
                storeName = offer.configuration.storeName
                checkAgain(after: KioskOffer.nextClockChange(of: offer.configuration, at: instant))
            }
            if let standing = read.standing, case .showingTicket(var ticket) = phase, ticket.id == ticketID {
                ticket.peopleAhead = standing.peopleAhead
                ticket.estimatedWait = standing.estimatedWait
                phase = .showingTicket(ticket)
            }
        }
    }

    /// Reads the offer again after `delay`, while following the store.
    private func checkAgain(after delay: Duration?) {
        clockCheck?.cancel()
        clockCheck = nil
        guard let delay, followsStore else { return }
        clockCheck = time.schedule(after: delay) { [weak self] in self?.refresh() }
    }

    /// The tickets `events` ask the kiosk named `name` to print again: the copies asked of it and
    /// those asked of every kiosk, never one asked of another kiosk (which prints it itself).
    nonisolated static func reprints(askedOf name: String?, in events: [StoredEvent]) -> [TicketID] {
        events.compactMap { stored in
            guard case .ticketReprintRequested(let terminal) = stored.event.details, terminal == nil || terminal == name
            else { return nil }
            return stored.event.ticket
        }
    }
}
