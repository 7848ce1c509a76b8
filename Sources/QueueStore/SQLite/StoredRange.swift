import QueueCore

/// Every integer the store keeps (ticket ids, sequences, counts, instants and ordering keys)
/// stays within ±(2^53 − 1): every JSON reader reads such numbers exactly, and QueueCore's next
/// `+ 1` (a sequence, a ticket id, a recall count) or its ordering arithmetic cannot overflow.
/// A value outside that range was not written by tessera; the file is corrupt, and saying so
/// beats a trap in the core. Checked where rows are read, so the core never sees one.
enum StoredRange {
    static let limit: Int64 = (1 << 53) - 1

    /// `value`, if it is within `0…limit` (`signed`: `-limit…limit`).
    static func checked(_ value: Int64, _ what: @autoclosure () -> String, signed: Bool = false,
                        file: String) throws(StoreError) -> Int64 {
        guard value <= limit, value >= (signed ? -limit : 0) else {
            throw .unavailable(file: file, problem: .corrupt,
                               detail: "\(what()) is \(value), outside what tessera stores (0 to \(limit))")
        }
        return value
    }

    /// `ticket`, if its counts and keys are within range.
    static func checked(_ ticket: Ticket, file: String) throws(StoreError) -> Ticket {
        // Named only in an error, not made for every ticket read.
        func what() -> String { "ticket \(ticket.id.rawValue)" }
        _ = try checked(ticket.id.rawValue, "the id of \(what())", file: file)
        _ = try checked(ticket.sequence, "the sequence of \(what())", file: file)
        _ = try checked(Int64(ticket.number), "the number of \(what())", file: file)
        _ = try checked(Int64(ticket.recallCount), "the recall count of \(what())", file: file)
        _ = try checked(Int64(ticket.carryOvers), "the carry-over count of \(what())", file: file)
        _ = try checked(ticket.orderingKey.rawValue, "the ordering key of \(what())", signed: true, file: file)
        _ = try checked(ticket.arrivalKey.rawValue, "the arrival key of \(what())", signed: true, file: file)
        return ticket
    }
}
