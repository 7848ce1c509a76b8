import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing

/// The conformance suite, phone tokens (issue 27): both stores keep each open ticket's link by
/// its hash alone, rotate it on a reprint, and forget it when the ticket ends. What one handle
/// writes is read through another (the web role is another process).
@Suite(.offThePool) struct PhoneTokensConformance {
    @Test(arguments: StoreFactory.all)
    func aTokenFindsItsTicketAndOnlyItsHashIsStored(factory: StoreFactory) throws {
        let handle = try factory.make()
        let tokens = try #require(phoneTokens(of: handle.store))
        let other = try #require(phoneTokens(of: try handle.reopen()))
        let ticket = try handle.store.issue("C", at: Clock.at(0))
        let token = try tokens.issuePhoneToken(for: ticket.id, at: Clock.at(1))
        #expect(token.text.count == 22 && token.text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(!"\(token)".contains(token.text), "interpolating a token does not print it")
        #expect(try other.ticket(ofPhoneToken: token.text) == ticket.id)
        let hash = try sha256sum(token.text)
        #expect(try handle.phoneTokenRows() == ["\(ticket.id.rawValue)|\(hash)"])
        var holdingTheHash: [String] = []
        for file in try handle.databaseFiles() {
            let bytes = try Data(contentsOf: file)
            #expect(bytes.range(of: Data(token.text.utf8)) == nil, "\(file.path) holds the token")
            if bytes.range(of: Data(hash.utf8)) != nil { holdingTheHash.append(file.lastPathComponent) }
        }
        #expect(!holdingTheHash.isEmpty, "the search reads what was written: the hash is there")
    }

    /// A reprint prints a new link; whoever photographed the old slip finds nothing.
    @Test(arguments: StoreFactory.all)
    func aReprintsNewTokenWorksAndTheOldOneDoesNot(factory: StoreFactory) throws {
        let handle = try factory.make()
        let tokens = try #require(phoneTokens(of: handle.store))
        let other = try #require(phoneTokens(of: try handle.reopen()))
        let ticket = try handle.store.issue("C", at: Clock.at(0))
        let first = try tokens.issuePhoneToken(for: ticket.id, at: Clock.at(1))
        let second = try tokens.issuePhoneToken(for: ticket.id, at: Clock.at(2))
        #expect(first != second)
        #expect(try other.ticket(ofPhoneToken: second.text) == ticket.id)
        #expect(try other.ticket(ofPhoneToken: first.text) == nil)
        #expect(try handle.phoneTokenRows() == ["\(ticket.id.rawValue)|\(try sha256sum(second.text))"])
    }

    enum Ending: String, CaseIterable, CustomTestStringConvertible {
        case completed, noShow, cancelled, closedAtDayEnd
        var testDescription: String { rawValue }
    }

    /// The writer that records the end deletes the row in the same transaction; a neighbour's
    /// token is untouched.
    @Test(arguments: StoreFactory.all, Ending.allCases)
    func anEndedTicketsTokenFindsNothingAndItsRowIsGone(factory: StoreFactory, ending: Ending) throws {
        let handle = try factory.make()
        let store = handle.store
        let tokens = try #require(phoneTokens(of: store))
        let other = try #require(phoneTokens(of: try handle.reopen()))
        let ticket = try store.issue("C", at: Clock.at(0))
        let token = try tokens.issuePhoneToken(for: ticket.id, at: Clock.at(1))
        let neighbour = try store.issue("S", at: Clock.at(2))
        let kept = try tokens.issuePhoneToken(for: neighbour.id, at: Clock.at(3))
        switch ending {
        case .completed:
            _ = try store.call(desk: 1, service: "C", at: Clock.at(10))
            _ = try store.perform(.start(ticket: ticket.id), at: Clock.at(20))
            _ = try store.perform(.complete(ticket: ticket.id), at: Clock.at(30))
        case .noShow:
            _ = try store.call(desk: 1, service: "C", at: Clock.at(10))
            _ = try store.perform(.noShow(ticket: ticket.id), at: Clock.at(70))
        case .cancelled:
            _ = try store.perform(.cancel(ticket: ticket.id), at: Clock.at(10))
        case .closedAtDayEnd:
            _ = try store.perform(.issue(service: "C"), at: Clock.at(24 * 3600))
        }
        #expect(try store.ticket(ticket.id)?.state.rawValue == ending.rawValue)
        #expect(try other.ticket(ofPhoneToken: token.text) == nil)
        #expect(throws: StoreError.refused(.ticketNotFound(ticket.id)), "an ended ticket gets no new link") {
            try tokens.issuePhoneToken(for: ticket.id, at: Clock.at(24 * 3600 + 1))
        }
        if ending == .closedAtDayEnd {
            #expect(try handle.phoneTokenRows().isEmpty, "the neighbour waited too and was closed as well")
        } else {
            #expect(try other.ticket(ofPhoneToken: kept.text) == neighbour.id)
            #expect(try handle.phoneTokenRows() == ["\(neighbour.id.rawValue)|\(try sha256sum(kept.text))"])
        }
    }

    /// An unknown token and an ended one get the same answer; so does text that is no token.
    @Test(arguments: StoreFactory.all)
    func tenThousandRandomTokensFindNothing(factory: StoreFactory) throws {
        let handle = try factory.make()
        let tokens = try #require(phoneTokens(of: handle.store))
        for second in 0..<5 {
            let ticket = try handle.store.issue("C", at: Clock.at(TimeInterval(second)))
            _ = try tokens.issuePhoneToken(for: ticket.id, at: Clock.at(TimeInterval(second)))
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var found = 0
        for _ in 0..<10_000 {
            // Well-formed, so each reaches the database: the last of 22 characters carries 2 bits.
            let guess = String((0..<21).map { _ in alphabet.randomElement(using: &generator)! })
                + String("AQgw".randomElement(using: &generator)!)
            if try tokens.ticket(ofPhoneToken: guess) != nil { found += 1 }
        }
        #expect(found == 0)
        for junk in ["", "x", String(repeating: "A", count: 23), "'; DROP TABLE phone_tokens; --", "ÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄ"] {
            #expect(try tokens.ticket(ofPhoneToken: junk) == nil)
        }
        #expect(try handle.phoneTokenRows().count == 5)
    }

    @Test(arguments: StoreFactory.all)
    func twoTicketsTokensNeverCollide(factory: StoreFactory) throws {
        let handle = try factory.make()
        let tokens = try #require(phoneTokens(of: handle.store))
        var issued: [PhoneToken: TicketID] = [:]
        for second in 0..<200 {
            let ticket = try handle.store.issue(second.isMultiple(of: 2) ? "C" : "S", at: Clock.at(TimeInterval(second)))
            issued[try tokens.issuePhoneToken(for: ticket.id, at: Clock.at(TimeInterval(second)))] = ticket.id
        }
        #expect(issued.count == 200)
        #expect(Set(issued.values).count == 200)
        for (token, ticket) in issued { #expect(try tokens.ticket(ofPhoneToken: token.text) == ticket) }
        #expect(Set(try handle.phoneTokenRows().map { $0.split(separator: "|")[1] }).count == 200)
        #expect(throws: StoreError.refused(.ticketNotFound(TicketID(rawValue: 9_999)))) {
            try tokens.issuePhoneToken(for: TicketID(rawValue: 9_999), at: Clock.at(300))
        }
    }
}
