import Foundation
import Localization
import QueueCore
import QueueStore
import Testing
@testable import TesseraFeatures

/// The customer's language, the ticket's time and paper, and what the kiosk reads again when.
extension KioskFlowTests {
    // MARK: Language

    @Test func theChosenLanguageGoesWithTheTicketAndResetsWhenItIsDone() {
        var flow = kiosk(languages: welsh)
        send(&flow, .languageTapped(Language("cy")), [.startTimer(.languageIdle, after: .seconds(20))]) {
            $0.language = Language("cy")
        }
        send(&flow, .tapped("C", now: at(1_000)), issuing(at: 1_000, language: "cy")) { $0.phase = .issuing("C", overdue: false) }
        _ = flow.handle(.issued(.success(ticket())))
        _ = flow.handle(.timerFired(.tapGuard, now: at(1_600)))
        send(&flow, .dismissed, [.cancelTimer(.ticketShown), .startTimer(.tapGuard, after: .milliseconds(600))]) {
            $0.phase = .returning
            $0.settling = true
            $0.servicesBack = false
            $0.language = Language("en_GB")
        }
    }

    @Test func aLanguageChoiceResetsAtIdleOnlyWhileTheKioskTakesTaps() {
        var flow = kiosk(languages: welsh)
        _ = flow.handle(.languageTapped(Language("cy")))
        var busy = flow
        send(&flow, .timerFired(.languageIdle, now: at(20_000)), []) { $0.language = Language("en_GB") }
        _ = busy.handle(.reachabilityChanged(.reconnecting, now: at(0)))
        send(&busy, .timerFired(.languageIdle, now: at(20_000)), [])
    }

    @Test func onlyAnOfferedLanguageIsTaken() {
        var flow = kiosk(languages: welsh)
        send(&flow, .languageTapped(Language("fr")), [])
        var single = kiosk()
        send(&single, .tapped("C", now: at(0)), issuing(language: nil)) { $0.phase = .issuing("C", overdue: false) }
    }

    // MARK: The ticket's time and paper

    @Test func aTicketShowsForItsTimeThenTheServicesComeBack() {
        var flow = kioskShowingATicket()
        send(&flow, .timerFired(.ticketShown, now: at(8_000)), [.startTimer(.tapGuard, after: .milliseconds(600))]) {
            $0.phase = .returning
            $0.settling = true
            $0.servicesBack = false
        }
    }

    @Test func commitThenPrint_theScreenSaysPrintingOnlyWhileItPrints() {
        var flow = kiosk(printer: door)
        send(&flow, .tapped("C", now: at(0)), issuing(footer: "Thank you")) { $0.phase = .issuing("C", overdue: false) }
        let issued = ticket(printable: true)
        send(&flow, .issued(.success(issued)), [.cancelTimer(.issueTimeout), .print(issued.printable!)]) {
            $0.phase = .printing("C", issued)
        }
        send(&flow, .tapped("C", now: at(500)), [])
        send(&flow, .dismissed, [])
        var printed = issued
        printed.paper = .printed
        send(&flow, .printed(.success(.ready), now: at(900)),
             [.recordPrinterCondition(.ready, terminal: "Door", at: at(900)),
              .startTimer(.tapGuard, after: .milliseconds(600)), .startTimer(.ticketShown, after: .seconds(8))]) {
            $0.phase = .showingTicket(printed)
            $0.settling = true
            $0.printerCondition = .ready
        }
    }

    @Test func aBrokenPrintShowsTheTicketThreeTimesAsLongAndThePrinterUnreachable() {
        var flow = kiosk(printer: door)
        _ = flow.handle(.tapped("C", now: at(0)))
        _ = flow.handle(.issued(.success(ticket(printable: true))))
        var shown = ticket(printable: true)
        shown.paper = .notPrinted
        send(&flow, .printed(.failure(PrinterError("gone")), now: at(1_500)),
             [.recordPrinterCondition(.unreachable, terminal: "Door", at: at(1_500)),
              .startTimer(.tapGuard, after: .milliseconds(600)), .startTimer(.ticketShown, after: .seconds(24))]) {
            $0.phase = .showingTicket(shown)
            $0.settling = true
            $0.printerCondition = .unreachable
        }
        send(&flow, .tapped("C", now: at(3_000)), [])
    }

    @Test func aPrinterThatCannotPrintIsNotAskedTo() {
        var flow = kiosk(printer: door)
        _ = flow.handle(.printerConditionRead(.paperOut, now: at(0)))
        _ = flow.handle(.tapped("C", now: at(0)))
        var shown = ticket(printable: true)
        shown.paper = .notPrinted
        send(&flow, .issued(.success(ticket(printable: true))),
             [.cancelTimer(.issueTimeout), .startTimer(.tapGuard, after: .milliseconds(600)),
              .startTimer(.ticketShown, after: .seconds(24))]) {
            $0.phase = .showingTicket(shown)
            $0.settling = true
        }
    }

    // MARK: Following the store and the printer

    @Test func anOlderReadNeverReplacesANewerOne() {
        var flow = kiosk()
        send(&flow, .followed(now: at(0)), [.readOffer(generation: 1, at: at(0), standingOf: nil)]) {
            $0.isFollowing = true
            $0.readGeneration = 1
        }
        send(&flow, .storeChanged([], now: at(10)), [.readOffer(generation: 2, at: at(10), standingOf: nil)]) {
            $0.readGeneration = 2
        }
        let two = Flow.Offer(services: Array(services.prefix(2)), storeName: "Renamed")
        send(&flow, .offerRead(generation: 2, two, standing: nil, of: nil), [.cancelTimer(.clockCheck)]) {
            $0.appliedGeneration = 2
            $0.services = two.services
            $0.storeName = "Renamed"
        }
        send(&flow, .offerRead(generation: 1, Flow.Offer(services: services, storeName: "Tessera"), standing: nil, of: nil), [])
    }

    @Test func theClockCheckIsArmedOnlyWhileFollowing() {
        var flow = kiosk()
        let hourly = Flow.Offer(services: services, storeName: "Tessera", nextClockChange: .seconds(3600))
        _ = flow.handle(.followed(now: at(0)))
        send(&flow, .offerRead(generation: 1, hourly, standing: nil, of: nil), [.startTimer(.clockCheck, after: .seconds(3600))]) {
            $0.appliedGeneration = 1
        }
        send(&flow, .timerFired(.clockCheck, now: at(3_600_000)), [.readOffer(generation: 2, at: at(3_600_000), standingOf: nil)]) {
            $0.readGeneration = 2
        }
        send(&flow, .stoppedFollowing, [.cancelTimer(.clockCheck)]) { $0.isFollowing = false }
        send(&flow, .offerRead(generation: 2, hourly, standing: nil, of: nil), [.cancelTimer(.clockCheck)]) {
            $0.appliedGeneration = 2
        }
    }

    @Test func theShownTicketsStandingFollowsTheQueue() {
        var flow = kioskShowingATicket()
        send(&flow, .storeChanged([], now: at(100)), [.readOffer(generation: 1, at: at(100), standingOf: 1)]) {
            $0.readGeneration = 1
        }
        let standing = TicketStanding(peopleAhead: 3, estimatedWait: .seconds(240))
        var moved = ticket(ahead: 3)
        moved.estimatedWait = .seconds(240)
        send(&flow, .offerRead(generation: 1, nil, standing: standing, of: 1), []) {
            $0.appliedGeneration = 1
            $0.phase = .showingTicket(moved)
        }
    }

    @Test func offlineTakesNoTapAndBackOnlineEverythingIsReadAgain() {
        var flow = kiosk()
        send(&flow, .reachabilityChanged(.reconnecting, now: at(0)), []) { $0.isOffline = true }
        send(&flow, .reachabilityChanged(.reconnecting, now: at(10)), [])
        send(&flow, .reachabilityChanged(.online, now: at(5_000)), [.readOffer(generation: 1, at: at(5_000), standingOf: nil)]) {
            $0.isOffline = false
            $0.readGeneration = 1
        }
        send(&flow, .tapped("C", now: at(5_100)), issuing(at: 5_100)) { $0.phase = .issuing("C", overdue: false) }
    }

    @Test func thePrinterIsReadOneAtATimeAndEachNewConditionRecordedOnce() {
        var flow = kiosk(printer: door)
        send(&flow, .watchPrinter, [.cancelTimer(.printerPoll), .readPrinterCondition]) { $0.printerReadInFlight = true }
        send(&flow, .watchPrinter, [])
        send(&flow, .printerConditionRead(.ready, now: at(40)),
             [.recordPrinterCondition(.ready, terminal: "Door", at: at(40)), .startTimer(.printerPoll, after: .milliseconds(500))]) {
            $0.printerReadInFlight = false
            $0.printerCondition = .ready
        }
        send(&flow, .timerFired(.printerPoll, now: at(540)), [.cancelTimer(.printerPoll), .readPrinterCondition]) {
            $0.printerReadInFlight = true
        }
        send(&flow, .printerConditionRead(.ready, now: at(580)), [.startTimer(.printerPoll, after: .milliseconds(500))]) {
            $0.printerReadInFlight = false
        }
        send(&flow, .stopWatchingPrinter, [.cancelTimer(.printerPoll)])
        var none = kiosk()
        send(&none, .watchPrinter, [])
    }

    @Test func aReprintIsPrintedWhenAskedOfThisKioskOrOfEveryKiosk() {
        func asked(_ ticket: TicketID, of terminal: String?) -> StoredEvent {
            StoredEvent(id: EventID(rawValue: ticket.rawValue),
                        event: Event(ticket: ticket, time: Instant(unixSeconds: 1_800_000_000),
                                     details: .ticketReprintRequested(terminal: terminal)))
        }
        let events = [asked(1, of: "Back"), asked(2, of: "Door"), asked(3, of: nil)]
        var flow = kiosk(printer: door)
        send(&flow, .storeChanged(events, now: at(0)),
             [.readOffer(generation: 1, at: at(0), standingOf: nil), .reprint(2, footer: "Thank you"), .reprint(3, footer: "Thank you")]) {
            $0.readGeneration = 1
        }
        send(&flow, .reprinted(.failure(PrinterError("jam")), now: at(10)),
             [.recordPrinterCondition(.unreachable, terminal: "Door", at: at(10))]) { $0.printerCondition = .unreachable }
        var none = kiosk()
        send(&none, .storeChanged(events, now: at(0)), [.readOffer(generation: 1, at: at(0), standingOf: nil)]) {
            $0.readGeneration = 1
        }
    }
}
