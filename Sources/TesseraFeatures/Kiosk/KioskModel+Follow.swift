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
        subscription = try await Blocking.run {
            try store.observe(after: store.lastEventID()) { events in
                Task { @MainActor [weak self] in
                    guard let self else { return }
                    send(.storeChanged(events, now: time.now()))
                }
            }
        }
        reachabilitySubscription = reachability(of: store)?.observeReachability { state in
            Task { @MainActor [weak self] in
                guard let self else { return }
                send(.reachabilityChanged(state, now: time.now()))
            }
        }
        send(.followed(now: time.now()))
    }

    /// Whether `follow()` has subscribed to the change feed.
    public var followsStore: Bool { subscription != nil }

    public func stopFollowing() {
        subscription?.cancel()
        subscription = nil
        reachabilitySubscription?.cancel()
        reachabilitySubscription = nil
        send(.stoppedFollowing)
    }

    /// Reads the offer (services, whether each takes taps) and the shown ticket's standing,
    /// off the main thread; the flow decides whether the answer still counts.
    func readOffer(generation: Int, at instant: Date, standingOf ticket: TicketID?) {
        let store = store
        Task { [weak self] in
            let read = await Blocking.run { () -> (offer: KioskFlow.Offer?, standing: TicketStanding?) in
                let offer = (try? KioskOffer.read(from: store, at: instant)).map { offer in
                    KioskFlow.Offer(services: offer.services, storeName: offer.configuration.storeName,
                                    nextClockChange: ServiceAvailabilities.nextClockChange(of: offer.configuration, at: instant),
                                    localizedStoreNames: offer.configuration.localizedStoreNames)
                }
                let standing = ticket.flatMap { try? store.standing(of: $0, at: instant) }
                return (offer, standing)
            }
            self?.send(.offerRead(generation: generation, read.offer, standing: read.standing, of: ticket))
        }
    }
}
