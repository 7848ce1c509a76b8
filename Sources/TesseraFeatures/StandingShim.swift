// TEMPORARY until the store's indexed standing query lands (branch h-storetests); removed at merge.
import Foundation
import QueueCore
import QueueStore

public struct TicketStanding: Hashable, Sendable {
    public var peopleAhead: Int
    public var estimatedWait: Duration?
}

extension QueueStore {
    func standing(of id: TicketID, at time: Date) throws(StoreError) -> TicketStanding? {
        guard let ticket = try ticket(id), ticket.state == .waiting else { return nil }
        let waiting = try tickets(TicketFilter(state: .waiting, service: ticket.service))
        return TicketStanding(peopleAhead: Estimates.peopleAhead(of: ticket, among: waiting), estimatedWait: nil)
    }
}
