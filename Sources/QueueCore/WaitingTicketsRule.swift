/// **Rule: a change never strands a customer.** A change to the store's services or desks is
/// refused when it would leave tickets waiting that no desk could ever call.
///
/// - A ticket *waits* when it is `waiting` or `parked`: a parked ticket goes back into its
///   service's lane when it is resumed, so it needs a desk that calls from that service as much
///   as a waiting one does.
/// - A `called` or `serving` ticket does not count: a desk holds it, and that desk can complete
///   it, mark it a no-show, park or transfer it whatever services it calls from. Removing the
///   service itself (`Command.removeService`) waits until no desk holds one of its tickets
///   (`QueueError.deskBusy`), so a ticket is never at a desk for a service that is gone.
/// - A service is *callable* when it exists and some desk, open or not, allows it
///   (`Desk.allowedServices`: what the configuration lets the desk call from, not only what its
///   staff chose today; staff can choose it again at any time). A desk that is closed can open.
/// - Only what a change *newly* strands is refused: tickets already left without a desk (by an
///   older build, or a store edited by hand) do not block every later change, and can be moved
///   with `removeService(_:transferTo:)`.
/// - Closing a service (`Command.closeService`) strands nobody: it stops new tickets, and its
///   waiting tickets are still called.
///
/// Applied by `decide` to `.setDesk`, `.configure`, `.applySetup` and `.removeService`, over a
/// slice that holds every open ticket (`SliceRequirements.allOpenTickets`).
public enum WaitingTicketsRule {
    /// The services that would have tickets waiting and no desk to call them if the store had
    /// `services` and `desks`, and did not before: each with its waiting and parked tickets
    /// counted, by code. `moving` sends a service's tickets to another before counting (the
    /// transfer `removeService` offers).
    public static func stranded(
        in state: QueueState, services: [ServiceCode: Service], desks: [DeskNumber: Desk],
        moving: [ServiceCode: ServiceCode] = [:]
    ) -> [StrandedService] {
        let before = uncallable(services: state.configuration.services, desks: state.desks)
        let after = uncallable(services: services, desks: desks)
        var counts: [ServiceCode: Int] = [:]
        for ticket in state.tickets.values where waits(ticket) {
            let service = moving[ticket.service] ?? ticket.service
            guard after(service), moving[ticket.service] != nil || !before(service) else { continue }
            counts[service, default: 0] += 1
        }
        return counts.keys.sorted().map { code in
            let name = services[code]?.name ?? state.configuration.services[code]?.name ?? code.rawValue
            return StrandedService(code: code, name: name, count: counts[code]!)
        }
    }

    /// Whether the ticket needs a desk that calls from its service: waiting or parked.
    public static func waits(_ ticket: Ticket) -> Bool {
        ticket.state == .waiting || ticket.state == .parked
    }

    /// Whether no desk could call from a service: it is gone, or no desk allows it.
    private static func uncallable(services: [ServiceCode: Service], desks: [DeskNumber: Desk])
        -> (ServiceCode) -> Bool
    {
        let allowed = Set(desks.values.flatMap(\.allowedServices))
        return { code in services[code] == nil || !allowed.contains(code) }
    }
}

/// A service a change would leave with tickets waiting and no desk to call them.
public struct StrandedService: Hashable, Codable, Sendable, CustomStringConvertible {
    public var code: ServiceCode
    /// Its name as the store knows it (its code when the store no longer has it).
    public var name: String
    /// Its waiting and parked tickets.
    public var count: Int

    public init(code: ServiceCode, name: String, count: Int) {
        self.code = code
        self.name = name
        self.count = count
    }

    /// "8 tickets wait for R (Returns)".
    public var description: String {
        "\(count) \(count == 1 ? "ticket waits" : "tickets wait") for \(code) (\(name))"
    }
}

extension QueueState {
    /// Refuses with `ticketsWouldWait` when the store as proposed would strand tickets
    /// (`WaitingTicketsRule`).
    func checkNobodyStranded(
        services: [ServiceCode: Service], desks: [DeskNumber: Desk], moving: [ServiceCode: ServiceCode] = [:]
    ) throws(QueueError) {
        let stranded = WaitingTicketsRule.stranded(in: self, services: services, desks: desks, moving: moving)
        guard stranded.isEmpty else { throw .ticketsWouldWait(stranded) }
    }
}
