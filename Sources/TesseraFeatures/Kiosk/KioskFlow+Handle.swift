import FoundationEssentials
import Localization
import QueueCore

extension KioskFlow {
    /// Takes in what happened; returns what the model must do. Pure: the same flow and event
    /// always give the same flow and effects, and an event that changes nothing returns `[]`.
    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .tapped(let code, let now): tapped(code, now: now)
        case .languageTapped(let chosen): languageTapped(chosen)
        case .lookTapped(let option): lookTapped(option)
        case .dismissed: dismissed()
        case .servicesShown: servicesShown()
        case .issued(let result): issued(result)
        case .printed(let result, let now): printed(result, now: now)
        case .reprinted(let result, let now): conditionRead(result.condition, now: now)
        case .printerConditionRead(let condition, let now): printerConditionRead(condition, now: now)
        case .offerRead(let generation, let offer, let standing, let ticket):
            offerRead(generation: generation, offer, standing: standing, of: ticket)
        case .followed(let now): followed(now: now)
        case .stoppedFollowing: stoppedFollowing()
        case .storeChanged(let events, let now): storeChanged(events, now: now)
        case .reachabilityChanged(let state, let now): reachabilityChanged(state, now: now)
        case .watchPrinter: watchPrinter()
        case .stopWatchingPrinter: printer == nil ? [] : [.cancelTimer(.printerPoll)]
        case .timerFired(let timer, let now): timerFired(timer, now: now)
        }
    }

    private mutating func tapped(_ code: ServiceCode, now: Date) -> [Effect] {
        guard isNewIntent(.service(code)), let service = services.first(where: { $0.code == code }) else { return [] }
        let fromFailure = if case .failed = phase { true } else { false }
        phase = .issuing(code, overdue: false)
        return [.startTimer(.issueTimeout, after: timing.issueTimeout), .cancelTimer(.languageIdle)]
            + (fromFailure ? [.cancelTimer(.failedMessage)] : [])
            + [.issue(service, language: languages.offersChoice ? language.code : nil, at: now, footer: printer?.footer)]
    }

    private mutating func languageTapped(_ chosen: Language) -> [Effect] {
        guard isNewIntent(.language(chosen)) else { return [] }
        language = chosen
        return [.startTimer(.languageIdle, after: .seconds(timing.idleSeconds))]
    }

    private mutating func lookTapped(_ option: KioskLook.Option) -> [Effect] {
        guard isNewIntent(.look(option)) else { return [] }
        look[option].toggle()
        return [.startTimer(.languageIdle, after: .seconds(timing.idleSeconds))]
    }

    private mutating func dismissed() -> [Effect] {
        guard isNewIntent(.done) else { return [] }
        switch phase {
        case .showingTicket: return [.cancelTimer(.ticketShown), returnToServices()]
        case .failed:
            phase = .choosing
            return [.cancelTimer(.failedMessage)]
        case .choosing, .issuing, .printing, .returning: return []
        }
    }

    private mutating func servicesShown() -> [Effect] {
        servicesBack = true
        endReturnIfOver()
        return []
    }

    /// After the commit nothing can undo the ticket: however late it comes, it is the customer's.
    private mutating func issued(_ result: Result<KioskTicket, KioskFailure>) -> [Effect] {
        guard case .issuing(let code, _) = phase else { return [] }
        switch result {
        case .success(let ticket):
            return [.cancelTimer(.issueTimeout)] + committed(code, ticket)
        case .failure(let failure):
            phase = .failed(code, failure)
            return [.cancelTimer(.issueTimeout), .startTimer(.failedMessage, after: .seconds(timing.idleSeconds))]
        }
    }

    /// Print the committed ticket (the only time the phase says printing), or show it at once
    /// when there is no printer or it cannot print.
    private mutating func committed(_ code: ServiceCode, _ ticket: KioskTicket) -> [Effect] {
        guard printer != nil, let printable = ticket.printable else { return showTicket(ticket) }
        if let condition = printerCondition, !condition.canPrint {
            var ticket = ticket
            ticket.paper = .notPrinted
            return showTicket(ticket)
        }
        phase = .printing(code, ticket)
        return [.print(printable)]
    }

    private mutating func printed(_ result: Result<PrinterCondition, PrinterError>, now: Date) -> [Effect] {
        guard case .printing(_, var ticket) = phase else { return [] }
        ticket.paper = if case .success = result { .printed } else { .notPrinted }
        return conditionRead(result.condition, now: now) + showTicket(ticket)
    }

    /// Shows a committed ticket; one the customer has no paper for stays three times as long.
    private mutating func showTicket(_ ticket: KioskTicket) -> [Effect] {
        phase = .showingTicket(ticket)
        let seconds = ticket.paper == .notPrinted ? timing.ticketSeconds * 3 : timing.ticketSeconds
        return [startGuard(), .startTimer(.ticketShown, after: .seconds(seconds))]
    }

    private mutating func timerFired(_ timer: Timer, now: Date) -> [Effect] {
        switch timer {
        case .issueTimeout:
            guard case .issuing(let code, overdue: false) = phase else { return [] }
            phase = .issuing(code, overdue: true)
            return []
        case .ticketShown:
            guard case .showingTicket = phase else { return [] }
            return [returnToServices()]
        case .failedMessage:
            guard case .failed = phase else { return [] }
            resetChoices()
            phase = .choosing
            return []
        case .tapGuard:
            settling = false
            endReturnIfOver()
            return []
        case .languageIdle:
            // A customer still busy with a ticket keeps their language and look; they reset with the ticket.
            guard takesTaps else { return [] }
            resetChoices()
            return []
        case .clockCheck: return readOffer(at: now)
        case .printerPoll: return watchPrinter()
        }
    }
}

extension Result<PrinterCondition, PrinterError> {
    /// The printer's condition after a print: what it said, or unreachable when it failed.
    var condition: PrinterCondition {
        switch self {
        case .success(let condition): condition
        case .failure: .unreachable
        }
    }
}
