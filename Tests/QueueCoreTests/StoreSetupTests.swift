import Foundation
import Testing
@testable import QueueCore

/// Applying a configuration file's setup: it describes the store, not the day.
@Suite struct StoreSetupTests {
    private func setup(_ change: (inout StoreConfiguration, inout [Desk]) -> Void = { _, _ in }) -> StoreSetup {
        var configuration = testConfiguration()
        var desks = [Desk(number: 1, name: "Desk 1", services: ["C", "R"]), Desk(number: 2, name: "Desk 2", services: ["C", "S"]),
                     Desk(number: 3, name: "Desk 3", services: ["C", "R", "S"])]
        change(&configuration, &desks)
        return StoreSetup(configuration: configuration, desks: desks)
    }

    @Test func theSameSetupRecordsNothing() throws {
        var harness = Harness()
        // The first records what the file defines (the harness's store was set up without a file).
        #expect(try harness.run(.applySetup(setup())).map(\.kind) == [.storeConfigured])
        #expect(try harness.run(.applySetup(setup())).isEmpty)
    }

    @Test func aClosedServiceStaysClosedAndAnOpenDeskStaysOpen() throws {
        var harness = Harness()
        try harness.run(.closeService("R"))
        let events = try harness.run(.applySetup(setup { configuration, desks in
            configuration.services["R"]?.name = "Returns & Exchanges"
            desks[0].name = "Front desk"
        }))
        #expect(events.count == 2)
        #expect(harness.state.configuration.services["R"]?.name == "Returns & Exchanges")
        #expect(harness.state.configuration.services["R"]?.isOpen == false, "open/closed is run-time state")
        #expect(harness.state.desks[1]?.name == "Front desk")
        #expect(harness.state.desks[1]?.status == .open, "so is whether a desk is staffed")
    }

    @Test func aNewServiceOpensAndANewDeskIsAdded() throws {
        var harness = Harness()
        try harness.run(.applySetup(setup { configuration, desks in
            configuration.services["X"] = Service(code: "X", name: "Express")
            desks.append(Desk(number: 4, name: "Express", services: ["X"]))
        }))
        #expect(harness.state.configuration.services["X"]?.isOpen == true)
        #expect(harness.state.desks[4]?.services == ["X"])
        #expect(try harness.issue("X").code == "X001")
    }

    @Test func aSetupThatLeavesADeskWithoutItsServiceIsRefusedWhole() throws {
        var harness = Harness()
        let before = harness.state
        #expect(throws: QueueError.invalidConfiguration(.deskServiceMissing(2, "S"))) {
            try harness.run(.applySetup(setup { configuration, desks in
                configuration.services["S"] = nil
                desks.removeLast()  // desk 2 still serves S
                desks.removeLast()
            }))
        }
        #expect(harness.state == before)
    }

    // MARK: What the file defines

    @Test func aServiceOrDeskTheFileNeverDefinedIsKept() throws {
        var harness = Harness()
        try harness.run(.applySetup(setup()))
        #expect(harness.state.configuration.definedByFile == FileDefinitions(services: ["C", "R", "S"], desks: [1, 2, 3]))
        try harness.run(.setService(Service(code: "X", name: "Express")))
        try harness.run(.setDesk(Desk(number: 4, name: "Express", services: ["X"])))
        #expect(try harness.run(.applySetup(setup())).isEmpty, "the next start changes nothing")
        #expect(harness.state.configuration.services["X"]?.name == "Express")
        #expect(harness.state.desks[4]?.services == ["X"])
    }

    @Test func aServiceTheFileNoLongerDefinesIsRemoved() throws {
        var harness = Harness()
        try harness.run(.applySetup(setup()))
        try harness.run(.applySetup(setup { configuration, desks in
            configuration.services["S"] = nil
            desks = [Desk(number: 1, name: "Desk 1", services: ["C", "R"]), Desk(number: 2, name: "Desk 2", services: ["C"]),
                     Desk(number: 3, name: "Desk 3", services: ["C", "R"])]
        }))
        #expect(harness.state.configuration.services["S"] == nil)
        #expect(harness.state.configuration.definedByFile?.services == ["C", "R"])
    }

    @Test func aFileThatWouldStrandWaitingTicketsIsRefusedWhole() throws {
        var harness = Harness()
        try harness.run(.applySetup(setup()))
        for _ in 0..<8 { _ = try harness.issue("R") }
        let before = harness.state
        #expect(throws: QueueError.ticketsWouldWait([StrandedService(code: "R", name: "Returns", count: 8)])) {
            try harness.run(.applySetup(setup { configuration, desks in
                configuration.services["R"] = nil
                desks = [Desk(number: 1, name: "Desk 1", services: ["C"]), Desk(number: 2, name: "Desk 2", services: ["C", "S"]),
                         Desk(number: 3, name: "Desk 3", services: ["C", "S"])]
            }))
        }
        #expect(harness.state == before)
    }

    @Test func aStoreFromBeforeThisWasRecordedTakesTheFileWhole() throws {
        var harness = Harness()  // configured with `configure`: nothing recorded
        try harness.run(.setService(Service(code: "X", name: "Express")))
        try harness.run(.applySetup(setup()))
        #expect(harness.state.configuration.services["X"] == nil, "every service it held counts as the file's")
    }

    @Test func whatTheFileDefinesIsStoredWithTheConfiguration() throws {
        var configuration = testConfiguration()
        configuration.definedByFile = FileDefinitions(services: ["R", "C"], desks: [2, 1])
        let data = try JSONEncoder().encode(configuration)
        #expect(String(decoding: data, as: UTF8.self).contains(#""definedByFile":{"services":["C","R"],"desks":[1,2]}"#)
            || String(decoding: data, as: UTF8.self).contains(#""definedByFile":{"desks":[1,2],"services":["C","R"]}"#))
        #expect(try storedFormDecoder().decode(StoreConfiguration.self, from: data) == configuration)
        let older = try JSONEncoder().encode(testConfiguration())
        #expect(!String(decoding: older, as: UTF8.self).contains("definedByFile"))
        #expect(try storedFormDecoder().decode(StoreConfiguration.self, from: older).definedByFile == nil)
    }

    // MARK: Desks the file no longer defines

    private func withoutDeskThree() -> StoreSetup {
        setup { _, desks in desks.removeLast() }
    }

    @Test func aDeskTheFileNoLongerDefinesIsRemovedOnceNobodyWorksAtIt() throws {
        var harness = Harness()  // desks 1 to 3 open
        try harness.run(.applySetup(setup()))
        try harness.run(.applySetup(withoutDeskThree()))
        #expect(harness.state.desks[3]?.status == .open, "someone works at it: it stays for now")
        #expect(harness.state.configuration.definedByFile?.desks == [1, 2, 3], "still the file's to remove")
        try harness.run(.closeDesk(3))
        let events = try harness.run(.applySetup(withoutDeskThree()))
        #expect(events.map(\.kind) == [.storeConfigured, .deskRemoved] && events.last?.desk == 3)
        #expect(harness.state.desks[3] == nil)
        #expect(harness.state.configuration.definedByFile?.desks == [1, 2])
        #expect(QueueState.replay(harness.events) == harness.state)
    }

    @Test func removingTheLastDeskThatCallsAServiceWithTicketsIsRefused() throws {
        var harness = Harness(openDesks: [1, 2])
        try harness.run(.applySetup(setup()))
        _ = try harness.issue("R")
        let before = harness.state
        #expect(throws: QueueError.ticketsWouldWait([StrandedService(code: "R", name: "Returns", count: 1)])) {
            try harness.run(.applySetup(setup { _, desks in
                desks = [Desk(number: 1, name: "Desk 1", services: ["C"]), Desk(number: 2, name: "Desk 2", services: ["C", "S"])]
            }))
        }
        #expect(harness.state == before)
    }

    @Test func aDeskIsRemovedClosedAndFree() throws {
        var harness = Harness(openDesks: [1, 2])
        #expect(throws: QueueError.deskNotClosed(1, .open)) { try harness.run(.removeDesk(1)) }
        #expect(throws: QueueError.deskNotFound(9)) { try harness.run(.removeDesk(9)) }
        try harness.run(.removeDesk(3, staff: 2))
        #expect(harness.state.desks[3] == nil && harness.events.last?.staff == 2)
        _ = try harness.issue("R")
        try harness.run(.closeDesk(1))
        #expect(throws: QueueError.ticketsWouldWait([StrandedService(code: "R", name: "Returns", count: 1)])) {
            try harness.run(.removeDesk(1))
        }
    }
}
