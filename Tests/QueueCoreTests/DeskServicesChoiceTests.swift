import Foundation
import QueueCore
import Testing

/// Staff choose at the desk which of its allowed services it calls from (`Command.chooseServices`),
/// and a desk's waiting list is in the order Call next takes it (`CallOrdering.order`).
struct DeskServicesChoiceTests {
    let t0 = utc(2027, 6, 1, 9)

    @Test func aDeskCallsOnlyFromTheServicesChosenAtIt() throws {
        var h = Harness()
        _ = try h.issue("C", at: t0)
        let returns = try h.issue("R", at: t0.addingSeconds(60))
        try h.run(.chooseServices(desk: 1, services: ["R"]))
        #expect(h.state.desks[1]?.services == ["R"])
        #expect(h.state.desks[1]?.allowedServices == ["C", "R"])
        // C001 has waited longer and C weighs double; desk 1 calls R001 all the same.
        #expect(try h.call(1).id == returns.id)
        #expect(h.events.last { $0.kind == .deskServicesChosen }?.details == .deskServicesChosen(["R"]))
    }

    @Test func aChoiceOutsideWhatTheDeskAllowsOrEmptyIsRefused() throws {
        var h = Harness()
        #expect(throws: QueueError.deskDoesNotServe(1, "S")) { try h.run(.chooseServices(desk: 1, services: ["R", "S"])) }
        #expect(throws: QueueError.invalidConfiguration(.deskWithoutServices(1))) {
            try h.run(.chooseServices(desk: 1, services: []))
        }
        #expect(h.state.desks[1]?.services == ["C", "R"])
    }

    @Test func choosingEverythingAgainLeavesNoChoiceStored() throws {
        var h = Harness()
        try h.run(.chooseServices(desk: 1, services: ["R"]))
        try h.run(.chooseServices(desk: 1, services: ["C", "R"]))
        #expect(h.state.desks[1]?.allowed == nil)
        #expect(h.state.desks[1]?.services == ["C", "R"])
    }

    @Test func theConfigurationAppliedAgainKeepsTheChoiceWhereItStillAllowsIt() throws {
        var h = Harness()
        try h.run(.chooseServices(desk: 3, services: ["S", "R"]))
        let setup = StoreSetup(configuration: h.state.configuration, desks: [
            Desk(number: 1, name: "Desk 1", services: ["C", "R"]),
            Desk(number: 2, name: "Desk 2", services: ["C", "S"]),
            Desk(number: 3, name: "Desk 3", services: ["C", "R", "S"]),
        ])
        // Unchanged file: nothing to apply but what it defines (first recorded now), the choice stays.
        #expect(try h.run(.applySetup(setup)).map(\.kind) == [.storeConfigured])
        #expect(h.state.desks[3]?.services == ["S", "R"])
        // R no longer allowed at desk 3: the rest of the choice stays.
        var narrower = setup
        narrower.desks[2].services = ["C", "S"]
        try h.run(.applySetup(narrower))
        #expect(h.state.desks[3]?.services == ["S"])
        #expect(h.state.desks[3]?.allowedServices == ["C", "S"])
        // Nothing chosen is allowed any more: the desk calls all it allows.
        var other = setup
        other.desks[2].services = ["C"]
        try h.run(.applySetup(other))
        #expect(h.state.desks[3]?.services == ["C"])
        #expect(h.state.desks[3]?.allowed == nil)
    }

    @Test func aDeskWithAChoiceKeepsItInItsStoredForm() throws {
        let desk = Desk(number: 2, name: "Front Counter", services: ["R"], status: .open, allowed: ["C", "R"])
        let data = try JSONEncoder().encode(desk)
        #expect(try storedFormDecoder().decode(Desk.self, from: data) == desk)
        let plain = Desk(number: 2, name: "Desk 2", services: ["C", "R"])
        #expect(!String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains("allowed"))
    }

    /// Desk 3 serves C (weight 2), R and S with priority tickets among them: its list is what
    /// pressing Call next over and over gives, ticket for ticket.
    @Test func theWaitingListIsTheOrderCallNextTakes() throws {
        var h = Harness()
        var random = SplitMix64(seed: propertySeed(default: 25))
        for second in 0..<40 {
            let service: ServiceCode = ["C", "R", "S"][Int(random.next() % 3)]
            let priority: PriorityClass = random.next() % 4 == 0 ? .priority : .normal
            _ = try h.issue(service, priority, at: t0.addingSeconds(Double(second * 20)))
        }
        let now = t0.addingSeconds(1200)
        let day = h.state.configuration.calendar.businessDay(containing: now)
        let listed = CallOrdering.order(for: 3, from: ["C", "R", "S"], in: h.state, day: day, at: now).map(\.code)
        #expect(listed.count == 40)
        var called: [String] = []
        for _ in 0..<40 {
            let ticket = try h.call(3, at: now)
            called.append(ticket.code)
            try h.run(.start(ticket: ticket.id), at: now)
            try h.run(.complete(ticket: ticket.id), at: now)
        }
        #expect(listed == called)
    }
}
