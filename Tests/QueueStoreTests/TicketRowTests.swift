import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// Format 5 keeps a ticket as its row's columns (`TicketRow`, docs/storage-format.md): every
/// property has one, a ticket reads back as it was written, and the rows are as documented.
@Suite(.offThePool) struct TicketRowTests {
    let scratch = ScratchDirectory()
    let codec = RowCodec(file: "test.db")

    private func everyField() -> Ticket {
        var ticket = DocumentedTicket.completed
        ticket.priority = .priority
        ticket.orderingKey = OrderingKey(rawValue: 1_795_770_180_000)
        ticket.recallCount = 1
        ticket.outcome = "referred"
        ticket.carryOvers = 2
        ticket.language = "cy"
        ticket.quotedWait = 240_000
        return ticket
    }

    /// A property added to `Ticket` and not to `TicketRow` must fail here, not vanish from the file.
    @Test func everyPropertyHasAColumn() {
        let properties = Mirror(reflecting: everyField()).children.compactMap(\.label).map { label in
            label.reduce(into: "") { name, character in
                name += character.isUppercase ? "_\(character.lowercased())" : String(character)
            }
        }
        #expect(Set(properties) == Set(TicketRow.columns))
        #expect(properties.count == TicketRow.columns.count)
    }

    @Test func aTicketWithEveryFieldReadsBackFromItsRow() throws {
        let connection = try SQLiteConnection(location: scratch.location())
        try Migrations.migrate(connection)
        let ticket = everyField()
        try connection.run(TicketRow.insert(marker: "?"), try TicketRow.insertValues(of: ticket, codec: codec))
        let read = try connection.queryOne("SELECT \(TicketRow.selected) FROM tickets WHERE id = 5") { row in
            try TicketRow.ticket(from: row, codec: codec, file: "test.db")
        }
        #expect(read == ticket)
        // A ticket never transferred has no transfer list at all.
        var plain = ticket
        plain.id = 6
        plain.sequence = 4
        plain.transfers = []
        try connection.run(TicketRow.insert(marker: "?"), try TicketRow.insertValues(of: plain, codec: codec))
        #expect(try connection.queryOne("SELECT transfers IS NULL FROM tickets WHERE id = 6") { $0.int64(0) } == 1)
        #expect(try connection.queryOne("SELECT \(TicketRow.selected) FROM tickets WHERE id = 6") { row in
            try TicketRow.ticket(from: row, codec: codec, file: "test.db")
        } == plain)
    }

    /// The example row of docs/storage-format.md, made by the commands a store runs.
    @Test func rowsAreAsDocumented() throws {
        let store = try SQLiteQueueStore(location: scratch.location())
        let start = Date(timeIntervalSince1970: 1_795_770_240)
        let issued = try #require(try store.perform(.issue(service: "C", language: "cy"), at: start).ticket)
        _ = try store.perform(.transfer(ticket: issued.id, to: "S", position: .front), at: start.addingTimeInterval(1080))
        _ = try store.perform(.callNext(desk: 1), at: start.addingTimeInterval(1140))
        _ = try store.perform(.start(ticket: issued.id), at: start.addingTimeInterval(1200))
        _ = try store.perform(.complete(ticket: issued.id), at: start.addingTimeInterval(1260))
        let connection = try SQLiteConnection(location: scratch.location(), create: false)
        let row = try #require(try connection.queryOne("SELECT \(TicketRow.selected) FROM tickets WHERE id = ?1",
                                                       [.integer(issued.id.rawValue)]) { row in
            (0..<Int32(TicketRow.columns.count)).map { row.isNull($0) ? "NULL" : row.text($0) }
        })
        let documented = [
            "1", "2026-11-27", "C", "1", "S", "1", "C001", "normal", "completed",
            "1795770240000", "1795771380000", "1795771440000", "1795771500000", "1", "NULL", "0",
            #"[{"from":"C","to":"S","position":"front","at":1795771320000}]"#, "served",
            "1795770240000", "1795770240000", "0", "cy", "NULL",
        ]
        for (index, column) in TicketRow.columns.enumerated() {
            if column == "transfers" {
                let stored = try JSONSerialization.jsonObject(with: Data(row[index].utf8)) as? NSArray
                let expected = try JSONSerialization.jsonObject(with: Data(documented[index].utf8)) as? NSArray
                #expect(stored == expected, "transfers: \(row[index])")
            } else {
                #expect(row[index] == documented[index], "\(column)")
            }
        }
    }

    /// An update writes only what a command may change; a change to the rest would be lost.
    @Test func aChangeToWhatWasFixedAtIssueIsRefused() throws {
        let ticket = everyField()
        var renumbered = ticket
        renumbered.code = "C103"
        #expect(throws: StoreError.self) { try TicketRow.checkFixedFields(renumbered, was: ticket) }
        var moved = ticket
        moved.service = "R"
        moved.state = .waiting
        try TicketRow.checkFixedFields(moved, was: ticket)
    }

    @Test func aDamagedRowIsCorrupt() throws {
        let connection = try SQLiteConnection(location: scratch.location())
        try Migrations.migrate(connection)
        try connection.run(TicketRow.insert(marker: "?"), try TicketRow.insertValues(of: everyField(), codec: codec))
        try connection.execute("UPDATE tickets SET business_day = '27/11/2026'")
        #expect { _ = try connection.queryOne("SELECT \(TicketRow.selected) FROM tickets") { row in
            try TicketRow.ticket(from: row, codec: codec, file: "test.db")
        } } throws: { ($0 as? StoreError)?.exitCode == 3 && "\($0)".contains("27/11/2026") }
    }
}
