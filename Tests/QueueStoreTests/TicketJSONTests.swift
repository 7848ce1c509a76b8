import Foundation
import QueueCore
import Testing
@testable import QueueStore

/// `TicketJSON` writes tickets and events by hand; it must write exactly what the `Codable`
/// path writes, and must notice when QueueCore's types change shape.
@Suite struct TicketJSONTests {
    private static let day = BusinessDay(year: 2026, month: 3, day: 2)

    private static func ticket() -> Ticket {
        Ticket(id: 41, businessDay: day, service: "C", sequence: 1_012, number: 12, code: "C012",
               priority: .normal, issuedAt: Date(timeIntervalSince1970: 1_772_445_600.123456),
               orderingKey: OrderingKey(rawValue: 1_772_445_600_123), arrivalKey: OrderingKey(rawValue: 1_772_445_600_123))
    }

    /// Every optional set and unset, transfers with and without a desk, text that needs escaping.
    private static func tickets() -> [Ticket] {
        var called = ticket()
        called.state = .called
        called.calledAt = Date(timeIntervalSince1970: 1_772_445_700)
        called.desk = 3
        var served = called
        served.state = .completed
        served.priority = .priority
        served.startedAt = Date(timeIntervalSince1970: 1_772_445_710.5)
        served.finishedAt = Date(timeIntervalSince1970: 1_772_446_000.25)
        served.staff = 7
        served.recallCount = 2
        served.outcome = "referred \"elsewhere\" \\ now\n"
        served.carryOvers = 1
        served.transfers = [
            TransferRecord(from: "R", to: "C", position: .front, at: Date(timeIntervalSince1970: 5), fromDesk: nil),
            TransferRecord(from: "C", to: "S", position: .arrival, at: Date(timeIntervalSince1970: -0.75), fromDesk: 2),
        ]
        served.orderingKey = OrderingKey(rawValue: -5)
        return [ticket(), called, served]
    }

    private static func events() -> [Event] {
        let issued = IssuedTicket(service: "C", priority: .priority, businessDay: day, sequence: 3, number: 3,
                                  code: "C003", orderingKey: OrderingKey(rawValue: 100), arrivalKey: OrderingKey(rawValue: 160))
        let time = Date(timeIntervalSince1970: 1_772_445_600.5)
        let details: [EventDetails] = [.ticketIssued(issued), .ticketCalled(day: day), .ticketRecalled, .serviceStarted,
                                       .ticketNoShow, .ticketParked, .ticketCancelled]
        return details.flatMap { details in
            [Event(ticket: 9, time: time, details: details),
             Event(ticket: 9, desk: 2, staff: 4, time: time, details: details),
             Event(desk: 1, time: Date(timeIntervalSinceReferenceDate: 0), details: details),
             Event(staff: 3, time: time, details: details)]
        }
    }

    @Test func ticketsMatchTheCodableBytes() throws {
        for ticket in Self.tickets() {
            let json = try TicketJSON.encode(ticket)
            #expect(json == (try StreamingJSONEncoder.encode(ticket)))
            #expect(try JSONDecoder().decode(Ticket.self, from: Data(json.utf8)) == ticket)
        }
    }

    @Test func eventsMatchTheCodableBytes() throws {
        for event in Self.events() {
            let json = try #require(try TicketJSON.encode(event), "\(event.kind) is written by hand")
            #expect(json == (try StreamingJSONEncoder.encode(event)))
            #expect(try JSONDecoder().decode(Event.self, from: Data(json.utf8)) == event)
        }
    }

    /// Payloads not written by hand go through `Codable`, and come back whole.
    @Test func otherEventsFallBackToCodable() throws {
        let event = Event(ticket: 9, desk: 2, time: Date(timeIntervalSince1970: 3),
                          details: .ticketCompleted(outcome: .served))
        #expect(try TicketJSON.encode(event) == nil)
        let json = try RowCodec(file: "test").encode(event)
        #expect(try JSONDecoder().decode(Event.self, from: Data(json.utf8)) == event)
    }

    /// The property lists `TicketJSON` writes. When QueueCore adds, renames or reorders a
    /// property of these types, this fails: update `TicketJSON` (and this list) with it.
    @Test func typesStillHaveTheWrittenProperties() {
        func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        let ticket = Self.tickets()[2]
        #expect(labels(ticket) == [
            "id", "businessDay", "service", "issuedService", "sequence", "number", "code", "priority", "state",
            "issuedAt", "calledAt", "startedAt", "finishedAt", "desk", "staff", "recallCount", "transfers", "outcome",
            "orderingKey", "arrivalKey", "carryOvers",
        ])
        #expect(labels(ticket.transfers[0]) == ["from", "to", "position", "at", "fromDesk"])
        let event = Self.events()[1]
        #expect(labels(event) == ["ticket", "desk", "staff", "time", "details"])
        guard case .ticketIssued(let issued) = Self.events()[0].details else {
            Issue.record("the first event is an issue")
            return
        }
        #expect(labels(issued) == ["service", "priority", "businessDay", "sequence", "number", "code", "orderingKey", "arrivalKey"])
    }
}
