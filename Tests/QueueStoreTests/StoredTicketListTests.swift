import Foundation
import QueueCore
import Testing
@testable import QueueStore

/// A PostgreSQL command key keeps the tickets its command wrote as one JSON array, made of the
/// documents written to their rows (`DecodedRows.list`): it must be the JSON `JSONEncoder` writes
/// for the array (the same value; key order means nothing and `JSONEncoder` does not keep one)
/// and never a document of another value.
@Suite struct StoredTicketListTests {
    let codec = RowCodec(file: "test")
    let day = BusinessDay(year: 2026, month: 11, day: 30)

    private func ticket(_ id: Int64, language: String? = nil) -> Ticket {
        var ticket = Ticket(id: TicketID(rawValue: id), businessDay: day, service: "C", sequence: id, number: Int(id),
                            code: "C00\(id)", priority: .priority, issuedAt: Instant(unixSeconds: 1_796_029_200),
                            orderingKey: OrderingKey(rawValue: 5), arrivalKey: OrderingKey(rawValue: 9))
        ticket.language = language
        ticket.transfers = [TransferRecord(from: "R", to: "C", position: .front, at: Instant(unixSeconds: 1_796_029_260), fromDesk: 2)]
        return ticket
    }

    private func written(_ tickets: [Ticket]) throws -> DecodedRows {
        var rows = DecodedRows()
        for ticket in tickets { rows.written[ticket.id] = (ticket, try codec.text(ticket)) }
        return rows
    }

    @Test(arguments: [0, 1, 3])
    func theListIsWhatTheEncoderWritesForTheArray(count: Int) throws {
        let tickets = (0..<count).map { ticket(Int64($0 + 1), language: $0 == 1 ? "cy/“ŵ”\"\\" : nil) }
        let list = try written(tickets).list(of: tickets, codec: codec)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(list.utf8)) as? NSArray)
        let encoded = try #require(try JSONSerialization.jsonObject(with: Data(try codec.text(tickets).utf8)) as? NSArray)
        #expect(parsed == encoded, "\(list)")
        #expect(try codec.decode([Ticket].self, list) == tickets)
    }

    @Test func aTicketChangedSinceItsDocumentWasWrittenIsEncodedAgain() throws {
        let first = ticket(1), second = ticket(2)
        var changed = second
        changed.state = .called
        let list = try written([first, second]).list(of: [first, changed], codec: codec)
        #expect(try codec.decode([Ticket].self, list) == [first, changed])
    }
}
