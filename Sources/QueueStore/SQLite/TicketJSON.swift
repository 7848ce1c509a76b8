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
            out.field("\"ticket\":", ticket.rawValue)
            separator = ","
        }
        if let desk = event.desk {
            out.raw(separator)
            out.field("\"desk\":", Int64(desk.rawValue))
            separator = ","
        }
        if let staff = event.staff {
            out.raw(separator)
            out.field("\"staff\":", Int64(staff.rawValue))
            separator = ","
        }
        out.raw(separator)
        try out.field("\"time\":", seconds: event.time)
        out.raw(",\"details\":{")
        switch event.details {
        case .ticketIssued(let issued):
            out.field("\"ticketIssued\":{\"_0\":{\"service\":", issued.service.rawValue)
            out.field(",\"priority\":", issued.priority.rawValue)
            out.field(",\"businessDay\":", issued.businessDay.storedText)
            out.field(",\"sequence\":", issued.sequence)
            out.field(",\"number\":", Int64(issued.number))
            out.field(",\"code\":", issued.code)
            out.field(",\"orderingKey\":", issued.orderingKey.rawValue)
            out.field(",\"arrivalKey\":", issued.arrivalKey.rawValue)
            out.raw("}}")
        case .ticketCalled(let day):
            out.field("\"ticketCalled\":{\"day\":", day.storedText)
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
        out.field("{\"id\":", ticket.id.rawValue)
        out.field(",\"businessDay\":", ticket.businessDay.storedText)
        out.field(",\"service\":", ticket.service.rawValue)
        out.field(",\"issuedService\":", ticket.issuedService.rawValue)
        out.field(",\"sequence\":", ticket.sequence)
        out.field(",\"number\":", Int64(ticket.number))
        out.field(",\"code\":", ticket.code)
        out.field(",\"priority\":", ticket.priority.rawValue)
        out.field(",\"state\":", ticket.state.rawValue)
        try out.field(",\"issuedAt\":", seconds: ticket.issuedAt)
        if let calledAt = ticket.calledAt {
            try out.field(",\"calledAt\":", seconds: calledAt)
        }
        if let startedAt = ticket.startedAt {
            try out.field(",\"startedAt\":", seconds: startedAt)
        }
        if let finishedAt = ticket.finishedAt {
            try out.field(",\"finishedAt\":", seconds: finishedAt)
        }
        if let desk = ticket.desk {
            out.field(",\"desk\":", Int64(desk.rawValue))
        }
        if let staff = ticket.staff {
            out.field(",\"staff\":", Int64(staff.rawValue))
        }
        out.field(",\"recallCount\":", Int64(ticket.recallCount))
        out.raw(",\"transfers\":[")
        for (index, transfer) in ticket.transfers.enumerated() {
            out.raw(index == 0 ? "{\"from\":" : ",{\"from\":")
            out.string(transfer.from.rawValue)
            out.field(",\"to\":", transfer.to.rawValue)
            out.field(",\"position\":", transfer.position.rawValue)
            try out.field(",\"at\":", seconds: transfer.at)
            if let fromDesk = transfer.fromDesk {
                out.field(",\"fromDesk\":", Int64(fromDesk.rawValue))
            }
            out.raw("}")
        }
        out.raw("]")
        if let outcome = ticket.outcome {
            out.field(",\"outcome\":", outcome.rawValue)
        }
        out.field(",\"orderingKey\":", ticket.orderingKey.rawValue)
        out.field(",\"arrivalKey\":", ticket.arrivalKey.rawValue)
        out.field(",\"carryOvers\":", Int64(ticket.carryOvers))
        out.raw("}")
    }
}

private extension JSONBuffer {
    /// `key` (with its quotes, colon and any leading comma) and a value.
    mutating func field(_ key: StaticString, _ text: String) {
        raw(key)
        string(text)
    }

    mutating func field(_ key: StaticString, _ number: Int64) {
        raw(key)
        integer(number)
    }

    /// A `Date` in its `Codable` form: seconds since 2001.
    mutating func field(_ key: StaticString, seconds date: Date) throws {
        raw(key)
        try number(date.timeIntervalSinceReferenceDate)
    }
}
