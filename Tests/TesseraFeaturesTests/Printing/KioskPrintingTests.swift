import Foundation
import Localization
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// Wraps the real printer port and notes, at the moment each print starts, which ticket codes
/// the store already holds: commit before print is checked where it matters.
final class CommitCheckingPrinter: TicketPrinter, @unchecked Sendable {
    let inner: EscPosPrinter
    let store: any QueueStore
    private let lock = NSLock()
    private var _committedAtPrint: [[String]] = []
    var committedAtPrint: [[String]] { lock.withLock { _committedAtPrint } }
    private var _printed: [PrintedTicket] = []
    /// Every ticket handed to the printer, in order.
    var printed: [PrintedTicket] { lock.withLock { _printed } }

    init(_ inner: EscPosPrinter, store: any QueueStore) {
        self.inner = inner
        self.store = store
    }

    func print(_ ticket: PrintedTicket) async -> Result<PrinterCondition, PrinterError> {
        let codes = (try? store.tickets(TicketFilter()).map(\.code)) ?? []
        lock.withLock {
            _committedAtPrint.append(codes)
            _printed.append(ticket)
        }
        return await inner.print(ticket)
    }

    func condition() async -> PrinterCondition { await inner.condition() }
}

/// The kiosk with a printer (the fake one, over TCP): commit, then print; the printer's
/// condition on the kiosk and in the store; a broken print never undoes or repeats a ticket.
@MainActor @Suite(.sharesTheMainThread, .serialized) struct KioskPrintingTests {
    let store: ScriptedStore
    let time = ManualTimeSource()
    let fake: FakePrinter
    let printer: CommitCheckingPrinter

    init() async throws {
        store = try ScriptedStore()
        fake = try await FakePrinter.started(.tcp)
        let address = try PrinterAddress.parse(fake.address).get()
        printer = CommitCheckingPrinter(EscPosPrinter(address: address, dots: 384, renderer: FrameRenderer()), store: store)
    }

    private func kiosk(_ withoutPrinter: WithoutPrinter = .showTicket,
                       languages: KioskLanguages = KioskLanguages()) async throws -> KioskModel {
        try await KioskModel.load(store: store, time: time, languages: languages,
                                  printing: KioskPrinting(printer: printer, footer: "Thank you",
                                                                                    withoutPrinter: withoutPrinter,
                                                                                    terminal: "Door"))
    }

    private func shown(_ model: KioskModel) -> KioskTicket? {
        if case .showingTicket(let ticket) = model.phase { ticket } else { nil }
    }

    /// What the store holds as the printer's newest report; every one names this kiosk.
    private func recordedCondition() throws -> PrinterCondition? {
        let report = try store.latestEvent(of: .printerReported).flatMap { PrinterReport($0.event.details) }
        if let report { #expect(report.terminal == "Door") }
        return report?.condition
    }

    /// Polls the printer (the manual clock fires the poll timer) until `condition` holds.
    private func polled(_ model: KioskModel, until condition: () -> Bool) async -> Bool {
        await eventually {
            time.advance(by: .milliseconds(500))
            return condition()
        }
    }

    @Test func theTicketIsCommittedThenPrintedAndTheScreenSaysPrintingOnlyMeanwhile() async throws {
        let model = try await kiosk()
        var phases: [String] = []
        model.onChange = {
            let name = "\(model.phase)".components(separatedBy: "(").first ?? ""
            if phases.last != name { phases.append(name) }
        }
        #expect(model.choose("C"))
        #expect(await eventually { shown(model) != nil })
        #expect(printer.committedAtPrint == [["C001"]], "the row was committed when printing began")
        #expect(shown(model)?.paper == .printed)
        #expect(Array(phases.drop { $0 != "issuing" }.prefix(3)) == ["issuing", "printing", "showingTicket"], "\(phases)")
        #expect(await eventually { fake.jobs().count == 1 })
        #expect(fake.jobs().first?.complete == true)
    }

    /// Commit before print, when the commit fails: no slip for a ticket the store does not hold.
    /// The next customer's ticket, printed, is the point where an earlier print would have shown.
    @Test func nothingReachesThePrinterWhenTheCommitFails() async throws {
        let model = try await kiosk()
        store.failPerform()
        #expect(model.choose("C"))
        #expect(await eventually { model.phase == .failed("C", .unavailable) })
        #expect(try store.tickets(TicketFilter()).isEmpty)
        store.performWorks()
        #expect(model.dismiss())
        #expect(model.choose("R"))
        #expect(await eventually { shown(model)?.paper == .printed })
        #expect(await eventually { fake.jobs().contains { $0.complete } })
        #expect(printer.committedAtPrint == [["R001"]], "the printer was asked for the stored ticket alone")
        #expect(fake.jobs().count == 1, "one slip came out: \(fake.jobs().map(\.commands))")
    }

    @Test func aPrinterThatDisconnectsMidTicketLeavesExactlyOneCommittedTicketAndSaysSo() async throws {
        let model = try await kiosk()
        fake.set("disconnect-after=1500")
        #expect(model.choose("C"))
        #expect(await eventually { shown(model) != nil })
        #expect(shown(model)?.paper == .notPrinted, "the screen says it could not print")
        #expect(try store.tickets(TicketFilter()).map(\.code) == ["C001"])
        #expect(await eventually { (try? recordedCondition()) == .unreachable })
        #expect(!fake.jobs().contains { $0.complete })
        // Not on paper: shown three times as long.
        time.advance(by: .seconds(23))
        #expect(shown(model) != nil)
        time.advance(by: .seconds(1))
        #expect(model.phase == .returning)
        #expect(try store.tickets(TicketFilter()).count == 1, "nothing was issued or printed again")
    }

    @Test func paperOutShowsOnTheKioskAndInTheStoreAndTicketsStillComeOnScreen() async throws {
        let model = try await kiosk()
        model.watchPrinter()
        #expect(await polled(model) { model.printerCondition == .ready })
        fake.set("paper-out")
        #expect(await polled(model) { model.printerCondition == .paperOut })
        #expect(await eventually { (try? recordedCondition()) == .paperOut })
        #expect(model.takesTaps)
        #expect(model.choose("C"))
        #expect(await eventually { shown(model) != nil })
        #expect(shown(model)?.paper == .notPrinted)
        #expect(printer.committedAtPrint.isEmpty, "nothing was sent to a printer out of paper")
        fake.set("ready")
        #expect(await polled(model) { model.printerCondition == .ready })
        #expect(await eventually { (try? recordedCondition()) == .ready })
        model.stopWatchingPrinter()
    }

    @Test func withoutPrinterStopTakesNoTapWhileThePrinterCannotPrint() async throws {
        let model = try await kiosk(.stop)
        fake.set("cover-open")
        model.watchPrinter()
        #expect(await polled(model) { model.printerCondition == .coverOpen })
        #expect(!model.takesTaps && model.stoppedByPrinter)
        #expect(!model.choose("C"))
        fake.set("ready")
        #expect(await polled(model) { model.takesTaps })
        model.stopWatchingPrinter()
        #expect(try store.tickets(TicketFilter()).isEmpty)
    }

    @Test func aReprintRequestedElsewhereIsPrintedOnceAsACopy() async throws {
        let model = try await kiosk()
        try await model.follow()
        let issued = try #require(try store.perform(.issue(service: "C"), at: time.now()).ticket)
        _ = try store.perform(.reprint(ticket: issued.id), at: time.now())
        #expect(await eventually { fake.jobs().count == 1 })
        #expect(fake.jobs().first?.complete == true)
        model.stopFollowing()
    }

    /// `name[cy]`: a ticket taken in Welsh names its service and the store in Welsh on paper,
    /// and so does its copy; an English one the plain names.
    @Test func aWelshTicketIsPrintedWithTheWelshNames() async throws {
        var configuration = try store.configuration()
        configuration.storeName = "High Street"
        configuration.localizedStoreNames = ["cy": "Stryd Fawr"]
        configuration.services["C"]?.localizedNames = ["cy": "Clicio a Chasglu"]
        _ = try store.perform(.configure(configuration), at: time.now())
        var settings = KioskSettings()
        settings.languages = ["en_GB", "cy"]
        let model = try await kiosk(languages: KioskLanguages(settings))
        try await model.follow()
        #expect(model.choose(language: Language("cy")))
        #expect(model.choose("C"))
        #expect(await eventually { printer.printed.count == 1 })
        #expect(printer.printed.first.map { [$0.serviceName, $0.storeName, $0.language ?? ""] } == ["Clicio a Chasglu", "Stryd Fawr", "cy"])
        let welsh = try #require(try store.tickets(TicketFilter()).first)
        _ = try store.perform(.reprint(ticket: welsh.id), at: time.now())
        #expect(await eventually { printer.printed.count == 2 })
        #expect(printer.printed.last.map { [$0.serviceName, $0.storeName] } == ["Clicio a Chasglu", "Stryd Fawr"])
        #expect(printer.printed.last?.isReprint == true)
        let english = try #require(try store.perform(.issue(service: "C", language: "en_GB"), at: time.now()).ticket)
        _ = try store.perform(.reprint(ticket: english.id), at: time.now())
        #expect(await eventually { printer.printed.count == 3 })
        #expect(printer.printed.last.map { [$0.serviceName, $0.storeName] } == ["Click & Collect", "High Street"])
        model.stopFollowing()
    }

    /// This kiosk is Door: a copy asked of Door prints here.
    @Test func aReprintAskedOfThisKioskIsPrintedHere() async throws {
        let model = try await kiosk()
        try await model.follow()
        let issued = try #require(try store.perform(.issue(service: "C"), at: time.now()).ticket)
        _ = try store.perform(.reprint(ticket: issued.id, terminal: "Door"), at: time.now())
        #expect(await eventually { fake.jobs().count == 1 })
        model.stopFollowing()
    }

    /// Which requests in the change feed a kiosk prints: its own and those for every kiosk, never
    /// another kiosk's (two kiosks would each print it: two copies for one press).
    @Test func aReprintAskedOfAnotherKioskIsNotPrintedHere() throws {
        let first = try #require(try store.perform(.issue(service: "C"), at: time.now()).ticket).id
        let second = try #require(try store.perform(.issue(service: "C"), at: time.now()).ticket).id
        _ = try store.perform(.reprint(ticket: first, terminal: "Back"), at: time.now())
        _ = try store.perform(.reprint(ticket: second, terminal: "Door"), at: time.now())
        _ = try store.perform(.reprint(ticket: first), at: time.now())
        let events = try store.events(after: .none, limit: 1000)
        #expect(KioskFlow.reprints(askedOf: "Door", in: events) == [second, first])
        #expect(KioskFlow.reprints(askedOf: "Back", in: events) == [first, first])
        #expect(KioskFlow.reprints(askedOf: nil, in: events) == [first], "an unnamed kiosk prints only what is asked of every kiosk")
    }
}
