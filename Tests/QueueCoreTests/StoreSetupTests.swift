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
}
