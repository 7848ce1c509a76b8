import FoundationEssentials
import QueueCore
import QueueStore

extension KioskModel {
    /// Follows the store from now on: on every change any process commits, the services are
    /// read again (closed ones go, added ones come, renames show) and, while a ticket shows,
    /// its people ahead and estimated wait. Subscribing touches the database, so it happens
    /// off the main thread.
    public func follow() async throws {
        let store = store
        subscription = try await Task.detached {
            try store.observe(after: store.lastEventID()) { _ in
                Task { @MainActor [weak self] in self?.refresh() }
            }
        }.value
        reachabilitySubscription = reachability(of: store)?.observeReachability { state in
            Task { @MainActor [weak self] in self?.reachabilityChanged(state) }
        }
        refresh()
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
        reachabilitySubscription?.cancel()
        reachabilitySubscription = nil
    }

    /// Reads the services and the shown ticket's standing again, off the main thread.
    func refresh() {
        readGeneration += 1
        let generation = readGeneration
        let store = store
        let instant = time.now()
        let ticketID: TicketID? = if case .showingTicket(let ticket) = phase { ticket.id } else { nil }
        Task { [weak self] in
            let read = await Task.detached { () -> (configuration: StoreConfiguration?, standing: TicketStanding?) in
                let configuration = try? store.configuration()
                let standing = ticketID.flatMap { try? store.standing(of: $0, at: instant) }
                return (configuration, standing)
            }.value
            // Reads may finish out of order: an older one never replaces a newer one (but a busy
            // store's stream of changes never starves the screen of every read).
            guard let self, generation > appliedGeneration else { return }
            appliedGeneration = generation
            if let configuration = read.configuration {
                services = KioskService.offered(by: configuration)
                storeName = configuration.storeName
            }
            if let standing = read.standing, case .showingTicket(var ticket) = phase, ticket.id == ticketID {
                ticket.peopleAhead = standing.peopleAhead
                ticket.estimatedWait = standing.estimatedWait
                phase = .showingTicket(ticket)
            }
        }
    }
}
