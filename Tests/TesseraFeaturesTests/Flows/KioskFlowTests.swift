import Foundation
import Localization
import QueueCore
import QueueStore
import Testing
@testable import TesseraFeatures

/// The kiosk's rules as a pure flow: each test sends events one by one and, after each, expects
/// exactly the effects returned and the whole state (what `change` makes of the state before).
/// No store, no clock, no waiting: times are the events' own.
@Suite struct KioskFlowTests {
    typealias Flow = KioskFlow
    let services = [KioskService(code: "C", name: "Click & Collect"), KioskService(code: "R", name: "Returns"),
                    KioskService(code: "S", name: "Customer Service")]
    let welsh = KioskLanguages({ var s = KioskSettings(); s.languages = ["en_GB", "cy"]; return s }())
    let door = Flow.Printer(footer: "Thank you", terminal: "Door")

    /// `milliseconds` after the test's start.
    func at(_ milliseconds: Int) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + Double(milliseconds) / 1000) }

    func kiosk(languages: KioskLanguages = KioskLanguages(), printer: Flow.Printer? = nil) -> Flow {
        Flow(services: services, storeName: "Tessera", languages: languages, printer: printer)
    }

    func ticket(_ code: String = "C001", ahead: Int? = 0, printable: Bool = false) -> KioskTicket {
        var ticket = KioskTicket(code: code, serviceName: "Click & Collect", peopleAhead: ahead, id: 1)
        if printable {
            ticket.printable = PrintedTicket(storeName: "Tessera", code: code, serviceName: "Click & Collect",
                                             issuedOn: BusinessDay(year: 2027, month: 1, day: 15), issuedAtSeconds: 36_000,
                                             footer: "Thank you")
        }
        return ticket
    }

    /// The effects of an accepted tap on C at `milliseconds`.
    func issuing(_ code: ServiceCode = "C", at milliseconds: Int = 0, language: String? = nil, footer: String? = nil,
                 fromFailure: Bool = false) -> [Flow.Effect] {
        let service = services.first { $0.code == code }!
        return [.startTimer(.issueTimeout, after: .seconds(45)), .cancelTimer(.languageIdle)]
            + (fromFailure ? [.cancelTimer(.failedMessage)] : [])
            + [.issue(service, language: language, at: at(milliseconds), footer: footer)]
    }

    let showing: [Flow.Effect] = [.cancelTimer(.issueTimeout), .startTimer(.tapGuard, after: .milliseconds(600)),
                                  .startTimer(.ticketShown, after: .seconds(8))]

    /// A kiosk whose ticket C001 has just appeared (tap at 0).
    func kioskShowingATicket() -> Flow {
        var flow = kiosk()
        _ = flow.handle(.tapped("C", now: at(0)))
        _ = flow.handle(.issued(.success(ticket())))
        return flow
    }

    // MARK: One intent, one ticket (`KioskFlow.isNewIntent`)

    @Test func oneIntentOneTicket_aDoubleTapIssuesOneTicket() {
        var flow = kiosk()
        send(&flow, .tapped("C", now: at(0)), issuing()) { $0.phase = .issuing("C", overdue: false) }
        send(&flow, .tapped("C", now: at(80)), [])
        send(&flow, .tapped("R", now: at(90)), [])
        #expect(!flow.takesTaps)
    }

    @Test func oneIntentOneTicket_aTapWhileIssuingIsRefusedEvenAfterTheTimeout() {
        var flow = kiosk(languages: welsh)
        send(&flow, .tapped("C", now: at(0)), issuing(language: "en_GB")) { $0.phase = .issuing("C", overdue: false) }
        send(&flow, .timerFired(.issueTimeout, now: at(45_000)), []) { $0.phase = .issuing("C", overdue: true) }
        send(&flow, .tapped("C", now: at(46_000)), [])
        send(&flow, .tapped("S", now: at(46_100)), [])
        send(&flow, .languageTapped(Language("cy")), [])
        send(&flow, .dismissed, [])
    }

    @Test func oneIntentOneTicket_aLateCommitAfterTheTimeoutStillShowsTheTicket() {
        var flow = kiosk()
        _ = flow.handle(.tapped("C", now: at(0)))
        send(&flow, .timerFired(.issueTimeout, now: at(45_000)), []) { $0.phase = .issuing("C", overdue: true) }
        send(&flow, .issued(.success(ticket())), showing) {
            $0.phase = .showingTicket(ticket())
            $0.settling = true
        }
    }

    @Test func oneIntentOneTicket_aTapLandingOnTheTicketPageWithinTheTapGuardIsNothing() {
        var flow = kioskShowingATicket()
        send(&flow, .dismissed, [])
        send(&flow, .tapped("C", now: at(300)), [])
        send(&flow, .timerFired(.tapGuard, now: at(600)), []) { $0.settling = false }
        send(&flow, .tapped("C", now: at(700)), [])
        send(&flow, .dismissed, [.cancelTimer(.ticketShown), .startTimer(.tapGuard, after: .milliseconds(600))]) {
            $0.phase = .returning
            $0.settling = true
            $0.servicesBack = false
        }
    }

    @Test func oneIntentOneTicket_aTapDuringTheReturnCountsOnlyOnceTheServicesAreShownAndTheGuardHasPassed() {
        var flow = kioskShowingATicket()
        send(&flow, .timerFired(.ticketShown, now: at(8_000)), [.startTimer(.tapGuard, after: .milliseconds(600))]) {
            $0.phase = .returning
            $0.settling = true
            $0.servicesBack = false
        }
        send(&flow, .tapped("S", now: at(8_100)), [])
        send(&flow, .servicesShown, []) { $0.servicesBack = true }
        send(&flow, .tapped("S", now: at(8_300)), [])
        send(&flow, .timerFired(.tapGuard, now: at(8_600)), []) {
            $0.settling = false
            $0.phase = .choosing
        }
        send(&flow, .tapped("S", now: at(8_700)), issuing("S", at: 8_700)) { $0.phase = .issuing("S", overdue: false) }
    }

    @Test func oneIntentOneTicket_theGuardAloneDoesNotEndTheReturnWhileThePageIsFading() {
        var flow = kioskShowingATicket()
        _ = flow.handle(.timerFired(.ticketShown, now: at(8_000)))
        send(&flow, .timerFired(.tapGuard, now: at(8_600)), []) { $0.settling = false }
        #expect(flow.phase == .returning && !flow.takesTaps)
        send(&flow, .tapped("C", now: at(13_000)), [])
        send(&flow, .servicesShown, []) {
            $0.servicesBack = true
            $0.phase = .choosing
        }
    }

    @Test func oneIntentOneTicket_aFailingStoreShowsTheFailureAndATapAfterItIsANewIntent() {
        var flow = kiosk()
        _ = flow.handle(.tapped("R", now: at(0)))
        send(&flow, .issued(.failure(.unavailable)), [.cancelTimer(.issueTimeout), .startTimer(.failedMessage, after: .seconds(20))]) {
            $0.phase = .failed("R", .unavailable)
        }
        #expect(flow.takesTaps)
        send(&flow, .tapped("C", now: at(500)), issuing(at: 500, fromFailure: true)) { $0.phase = .issuing("C", overdue: false) }
    }

    @Test func oneIntentOneTicket_theFailureClearsAtIdleOrOnATap() {
        var flow = kiosk(languages: welsh)
        _ = flow.handle(.languageTapped(Language("cy")))
        _ = flow.handle(.tapped("R", now: at(0)))
        _ = flow.handle(.issued(.failure(.refused(.serviceClosed("R")))))
        var tapped = flow
        send(&flow, .timerFired(.failedMessage, now: at(20_000)), []) {
            $0.phase = .choosing
            $0.language = Language("en_GB")
        }
        send(&tapped, .dismissed, [.cancelTimer(.failedMessage)]) { $0.phase = .choosing }
    }

    @Test func oneIntentOneTicket_aServiceThatCannotGiveATicketNowIsRefused() {
        var flow = Flow(services: [KioskService(code: "R", name: "Returns", availability: .closed)])
        send(&flow, .tapped("R", now: at(0)), [])
        send(&flow, .tapped("X", now: at(0)), [])
        #expect(flow.takesTaps && !flow.isNewIntent(.service("R")))
    }

    @Test func oneIntentOneTicket_noTapWhileOfflineOrStoppedByThePrinter() {
        var offline = kiosk()
        send(&offline, .reachabilityChanged(.reconnecting, now: at(0)), []) { $0.isOffline = true }
        send(&offline, .tapped("C", now: at(0)), [])
        var stopped = kiosk(printer: Flow.Printer(withoutPrinter: .stop))
        _ = stopped.handle(.printerConditionRead(.coverOpen, now: at(0)))
        #expect(stopped.stoppedByPrinter && !stopped.takesTaps)
        send(&stopped, .tapped("C", now: at(0)), [])
        var shown = kiosk(printer: Flow.Printer(withoutPrinter: .showTicket))
        _ = shown.handle(.printerConditionRead(.coverOpen, now: at(0)))
        #expect(!shown.stoppedByPrinter && shown.takesTaps, "without-printer=show-ticket still takes taps")
    }
}
