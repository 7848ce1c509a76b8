import Localization
import QueueCore

extension KioskFlow {
    /// What a customer can touch.
    public enum Tap: Equatable, Sendable {
        case service(ServiceCode)
        case language(Language)
        /// The high-contrast or large-text toggle.
        case look(KioskLook.Option)
        /// "Done" on the ticket page, or the failure message.
        case done
    }

    /// One intent, one ticket: whether `tap` is a customer's new intent, or the rest of one the
    /// kiosk already took (a double tap, a burst, a second finger), which does nothing.
    ///
    /// - From an accepted service tap until the services page is fully back, no service or
    ///   language tap counts: while the ticket is issued, even after `issueTimeout` (the store
    ///   may still commit, and a committed ticket is always shown), while it prints, while it
    ///   shows, and while the services come back (`returning`, which ends only once the screen
    ///   said `servicesShown` and `tapGuard` has passed since the return began).
    /// - On the services page (choosing, or showing why the last tap gave nothing) a tap counts
    ///   once `tapGuard` has passed since the page changed, while the store is reachable and the
    ///   printer does not stop the kiosk; on a service that can give a ticket now (a disabled
    ///   button may still be pressed by assistive technology), or an offered language.
    /// - "Done" counts on the ticket page once `tapGuard` has passed since the ticket appeared:
    ///   a tap before is the rest of the one that asked for it. A tap on the failure message
    ///   always clears it.
    public func isNewIntent(_ tap: Tap) -> Bool {
        switch tap {
        case .service(let code): takesTaps && services.contains { $0.code == code && $0.refusal == nil }
        case .language(let chosen): takesTaps && languages.offered.contains(chosen)
        case .look: takesTaps
        case .done:
            switch phase {
            case .showingTicket: !settling
            case .failed: true
            case .choosing, .issuing, .printing, .returning: false
            }
        }
    }

    /// Whether the service and language buttons take a tap now (the screen enables them): the
    /// page half of `isNewIntent`.
    public var takesTaps: Bool {
        switch phase {
        case .choosing, .failed: !settling && !stoppedByPrinter && !isOffline
        case .issuing, .printing, .showingTicket, .returning: false
        }
    }

    /// A page change: taps within `tapGuard` of it are the rest of the last intent.
    mutating func startGuard() -> Effect {
        settling = true
        return .startTimer(.tapGuard, after: timing.tapGuard)
    }

    /// The services come back (the ticket's time ran out, or the customer is done); the next
    /// customer starts in the standard language and look.
    mutating func returnToServices() -> Effect {
        servicesBack = false
        resetChoices()
        phase = .returning
        return startGuard()
    }

    /// The return is over once the screen has shown the services and the guard has passed,
    /// whichever comes last.
    mutating func endReturnIfOver() {
        if phase == .returning && servicesBack && !settling { phase = .choosing }
    }
}
