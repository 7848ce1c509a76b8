import Foundation
import QueueCore

/// The JSON of the two documents nearly every command writes — the changed ticket and its
/// event — written field by field: byte for byte what `StreamingJSONEncoder` writes through
/// their synthesized `Codable` (same keys, same order, nil optionals left out).
///
/// Why: going through `Codable` costs ~1,000 instructions a field in the standard library's
/// container boxes and witness calls before a byte is written — ~65,000 an issue, a fifth of
/// a durable issue's CPU time. Why it stays right: `TicketJSONTests` compares these bytes
/// with `StreamingJSONEncoder`'s for every shape written here and pins the property lists of
/// `Ticket`, `TransferRecord`, `Event` and `IssuedTicket` (via `Mirror`), so a property
/// added to QueueCore fails a test instead of being dropped. Event payloads not listed here
/// go through `Codable`.
enum TicketJSON {
    static func encode(_ ticket: Ticket) throws -> String {
        var out = JSONBuffer()
        try write(ticket, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The event's JSON, or nil when its payload is not one written here.
    static func encode(_ event: Event) throws -> String? {
        var out = JSONBuffer()
        out.raw("{")
        var separator: StaticString = ""
        if let ticket = event.ticket {
            out.raw("\"ticket\":")
            out.integer(ticket.rawValue)
            separator = ","
        }
        if let desk = event.desk {
            out.raw(separator)
            out.raw("\"desk\":")
            out.integer(Int64(desk.rawValue))
            separator = ","
        }
        if let staff = event.staff {
            out.raw(separator)
            out.raw("\"staff\":")
            out.integer(Int64(staff.rawValue))
            separator = ","
        }
        out.raw(separator)
        out.raw("\"time\":")
        try out.number(event.time.timeIntervalSinceReferenceDate)
        out.raw(",\"details\":{")
        switch event.details {
        case .ticketIssued(let issued):
            out.raw("\"ticketIssued\":{\"_0\":{\"service\":")
            out.string(issued.service.rawValue)
            out.raw(",\"priority\":")
            out.string(issued.priority.rawValue)
            out.raw(",\"businessDay\":")
            out.string(issued.businessDay.storedText)
            out.raw(",\"sequence\":")
            out.integer(issued.sequence)
            out.raw(",\"number\":")
            out.integer(Int64(issued.number))
            out.raw(",\"code\":")
            out.string(issued.code)
            out.raw(",\"orderingKey\":")
            out.integer(issued.orderingKey.rawValue)
            out.raw(",\"arrivalKey\":")
            out.integer(issued.arrivalKey.rawValue)
            out.raw("}}")
        case .ticketCalled(let day):
            out.raw("\"ticketCalled\":{\"day\":")
            out.string(day.storedText)
            out.raw("}")
        case .ticketRecalled: out.raw("\"ticketRecalled\":{}")
        case .serviceStarted: out.raw("\"serviceStarted\":{}")
        case .ticketNoShow: out.raw("\"ticketNoShow\":{}")
        case .ticketParked: out.raw("\"ticketParked\":{}")
        case .ticketCancelled: out.raw("\"ticketCancelled\":{}")
        default: return nil
        }
        out.raw("}}")
        return String(decoding: out.bytes, as: UTF8.self)
    }

    private static func write(_ ticket: Ticket, to out: inout JSONBuffer) throws {
        out.raw("{\"id\":")
        out.integer(ticket.id.rawValue)
        out.raw(",\"businessDay\":")
        out.string(ticket.businessDay.storedText)
        out.raw(",\"service\":")
        out.string(ticket.service.rawValue)
        out.raw(",\"issuedService\":")
        out.string(ticket.issuedService.rawValue)
        out.raw(",\"sequence\":")
        out.integer(ticket.sequence)
        out.raw(",\"number\":")
        out.integer(Int64(ticket.number))
        out.raw(",\"code\":")
        out.string(ticket.code)
        out.raw(",\"priority\":")
        out.string(ticket.priority.rawValue)
        out.raw(",\"state\":")
        out.string(ticket.state.rawValue)
        out.raw(",\"issuedAt\":")
        try out.number(ticket.issuedAt.timeIntervalSinceReferenceDate)
        if let calledAt = ticket.calledAt {
            out.raw(",\"calledAt\":")
            try out.number(calledAt.timeIntervalSinceReferenceDate)
        }
        if let startedAt = ticket.startedAt {
            out.raw(",\"startedAt\":")
            try out.number(startedAt.timeIntervalSinceReferenceDate)
        }
        if let finishedAt = ticket.finishedAt {
            out.raw(",\"finishedAt\":")
            try out.number(finishedAt.timeIntervalSinceReferenceDate)
        }
        if let desk = ticket.desk {
            out.raw(",\"desk\":")
            out.integer(Int64(desk.rawValue))
        }
        if let staff = ticket.staff {
            out.raw(",\"staff\":")
            out.integer(Int64(staff.rawValue))
        }
        out.raw(",\"recallCount\":")
        out.integer(Int64(ticket.recallCount))
        out.raw(",\"transfers\":[")
        for (index, transfer) in ticket.transfers.enumerated() {
            out.raw(index == 0 ? "{\"from\":" : ",{\"from\":")
            out.string(transfer.from.rawValue)
            out.raw(",\"to\":")
            out.string(transfer.to.rawValue)
            out.raw(",\"position\":")
            out.string(transfer.position.rawValue)
            out.raw(",\"at\":")
            try out.number(transfer.at.timeIntervalSinceReferenceDate)
            if let fromDesk = transfer.fromDesk {
                out.raw(",\"fromDesk\":")
                out.integer(Int64(fromDesk.rawValue))
            }
            out.raw("}")
        }
        out.raw("]")
        if let outcome = ticket.outcome {
            out.raw(",\"outcome\":")
            out.string(outcome.rawValue)
        }
        out.raw(",\"orderingKey\":")
        out.integer(ticket.orderingKey.rawValue)
        out.raw(",\"arrivalKey\":")
        out.integer(ticket.arrivalKey.rawValue)
        out.raw(",\"carryOvers\":")
        out.integer(Int64(ticket.carryOvers))
        out.raw("}")
    }
}
