import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing

/// `tessera queue reprint`: the request names one kiosk, so two printing kiosks print one copy.
@Suite(.offThePool) struct ReprintCommandLineTests {
    let scratch = ScratchDirectory()
    var database: String { scratch.path("queue.db") }

    private func queue(_ arguments: String...) throws -> ProcessResult {
        try runTessera(["queue"] + arguments + ["--database", database])
    }

    /// What kiosks say about their printers, as the kiosks themselves record it.
    private func report(_ condition: PrinterCondition, from kiosk: String) throws {
        _ = try openStore(url: database).perform(.reportPrinter(condition, terminal: kiosk), at: Date())
    }

    /// The kiosk the newest reprint request names, as stored.
    private func requestedKiosk() throws -> String?? {
        guard let stored = try openStore(url: database).latestEvents(of: .ticketReprintRequested, limit: 1).first,
              case .ticketReprintRequested(let terminal) = stored.event.details else { return nil }
        return .some(terminal)
    }

    @Test func aNamedKioskIsTheOneAsked() throws {
        #expect(try queue("issue", "C").status == 0)
        try report(.ready, from: "Door")
        try report(.ready, from: "Window")
        let sent = try queue("reprint", "C001", "--kiosk", "Window")
        #expect(sent.status == 0)
        #expect(sent.stdout == "C001  sent to kiosk “Window”\n")
        #expect(try requestedKiosk() == .some("Window"))
    }

    @Test func withoutKioskTheFirstThatCanPrintIsAskedAndNamed() throws {
        #expect(try queue("issue", "C").status == 0)
        try report(.paperOut, from: "Atrium")
        try report(.ready, from: "Window")
        try report(.ready, from: "Door")
        let sent = try queue("reprint", "C001")
        #expect(sent.status == 0)
        #expect(sent.stdout == "C001  sent to kiosk “Door”\n", "Atrium is out of paper; Door is first by name")
        #expect(try requestedKiosk() == .some("Door"))
    }

    /// A copy only a kiosk whose printer last said it can print would print: with none, the
    /// command says so and exits 1, and records nothing (no kiosk would ever print the request:
    /// a kiosk prints the requests it sees while it runs).
    @Test func noKioskThatCanPrintIsExitOneAndNothingIsRecorded() throws {
        #expect(try queue("issue", "C").status == 0)
        let none = try queue("reprint", "C001")
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty && none.stderr.contains("no kiosk has reported a printer to this store"), "\(none.stderr)")
        try report(.paperOut, from: "Door")
        let empty = try queue("reprint", "C001")
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("no kiosk's printer can print the copy now (Kiosk 'Door' printer: out of paper)"), "\(empty.stderr)")
        let named = try queue("reprint", "C001", "--kiosk", "Door")
        #expect(named.status == 1)
        #expect(named.stderr.contains("kiosk “Door” cannot print the copy now"), "\(named.stderr)")
        #expect(try requestedKiosk() == nil, "nothing was recorded")
        try report(.ready, from: "Door")
        #expect(try queue("reprint", "C001").status == 0, "once its printer can print, Door is asked")
        #expect(try requestedKiosk() == .some("Door"))
    }

    @Test func anUnknownKioskIsExitTwoListingTheKnownOnes() throws {
        #expect(try queue("issue", "C").status == 0)
        let none = try queue("reprint", "C001", "--kiosk", "Door")
        #expect(none.status == 2)
        #expect(none.stderr.contains("no kiosk has reported a printer"))
        try report(.ready, from: "Door")
        try report(.paperOut, from: "Window")
        let typo = try queue("reprint", "C001", "--kiosk", "Dor")
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("no kiosk “Dor” has reported a printer; kiosks: Door, Window"))
        #expect(try requestedKiosk() == nil, "nothing was recorded")
    }
}
