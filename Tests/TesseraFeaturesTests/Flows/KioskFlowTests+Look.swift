import Foundation
import Localization
import QueueCore
import Testing
@testable import TesseraFeatures

/// The customer's look (high contrast, large text): theirs for their ticket, like the language.
extension KioskFlowTests {
    @Test func aLookToggleTurnsItsOptionOverAndResetsAtIdle() {
        var flow = kiosk()
        send(&flow, .lookTapped(.highContrast), [.startTimer(.languageIdle, after: .seconds(20))]) {
            $0.look.highContrast = true
        }
        send(&flow, .lookTapped(.largeText), [.startTimer(.languageIdle, after: .seconds(20))]) {
            $0.look.largeText = true
        }
        send(&flow, .lookTapped(.largeText), [.startTimer(.languageIdle, after: .seconds(20))]) {
            $0.look.largeText = false
        }
        send(&flow, .timerFired(.languageIdle, now: at(20_000)), []) { $0.look = KioskLook() }
    }

    @Test func theLookGoesWithTheTicketAndResetsToTheConfiguredOneWhenItIsDone() {
        var settings = KioskSettings()
        settings.highContrast = true
        settings.largeText = true
        let configured = KioskLook(settings)
        var flow = KioskFlow(services: [KioskService(code: "C", name: "Click & Collect")], look: configured)
        #expect(flow.look == configured)
        _ = flow.handle(.lookTapped(.highContrast))
        _ = flow.handle(.tapped("C", now: at(1_000)))
        _ = flow.handle(.issued(.success(ticket())))
        #expect(flow.look == KioskLook(highContrast: false, largeText: true), "kept on the ticket page")
        _ = flow.handle(.timerFired(.tapGuard, now: at(1_600)))
        _ = flow.handle(.dismissed)
        #expect(flow.look == configured, "the next customer starts in [kiosk]'s look")
    }

    @Test func aLookTapCountsOnlyWhenAServiceTapWould() {
        var busy = kioskShowingATicket()
        send(&busy, .lookTapped(.highContrast), [])
        var offline = kiosk()
        _ = offline.handle(.reachabilityChanged(.reconnecting, now: at(0)))
        send(&offline, .lookTapped(.largeText), [])
    }
}
