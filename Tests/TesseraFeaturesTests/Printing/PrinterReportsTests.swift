import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// What desks and the board know about the kiosks' printers: each kiosk's newest report, by name,
/// read from a real store.
@Suite(.offThePool) struct PrinterReportsTests {
    let store: ScriptedStore
    let now = Date()

    init() throws { store = try ScriptedStore() }

    private func report(_ condition: PrinterCondition, _ terminal: String?) throws {
        _ = try store.perform(.reportPrinter(condition, terminal: terminal), at: now)
    }

    @Test func eachKioskCountsWithItsNewestReportInNameOrder() throws {
        #expect(try PrinterReport.current(in: store).isEmpty)
        try report(.paperOut, "Door")
        try report(.ready, "Back")
        try report(.coverOpen, "Back")
        try report(.ready, "Door")
        #expect(try PrinterReport.current(in: store) == [PrinterReport(.coverOpen, terminal: "Back"),
                                                        PrinterReport(.ready, terminal: "Door")])
    }

    @Test func anUnnamedReportCountsOnlyUntilANamedOneIsNewer() throws {
        try report(.paperOut, nil)
        #expect(try PrinterReport.current(in: store) == [PrinterReport(.paperOut)], "a store written before names")
        try report(.ready, "Door")
        #expect(try PrinterReport.current(in: store) == [PrinterReport(.ready, terminal: "Door")],
                "the upgraded kiosk names itself; its old report no longer stands")
        try report(.coverOpen, nil)
        #expect(try PrinterReport.current(in: store) == [PrinterReport(.coverOpen), PrinterReport(.ready, terminal: "Door")],
                "a kiosk still on the old build reports after it: both count")
    }

    @Test func aKioskWhoseLastWordIsBeyondTheWindowIsNoLongerShown() throws {
        try report(.paperOut, "Old")
        for index in 0..<PrinterReport.window { try report(index.isMultiple(of: 2) ? .ready : .paperNearEnd, "Door") }
        #expect(try PrinterReport.current(in: store).map(\.terminal) == ["Door"])
    }
}
