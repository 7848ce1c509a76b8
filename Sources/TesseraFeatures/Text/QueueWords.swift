import Localization
import QueueCore
import QueueStore

/// QueueCore's refusals and states in the staff's language (the locale). QueueCore keeps the
/// typed cases and an English `description` for logs and tests; the words people read are here,
/// each a whole sentence, so a translation never has to glue fragments together.
public enum QueueWords {
    public static func error(_ error: QueueError) -> String {
        switch error {
        case .ticketNotFound(let id): localized("There is no ticket %s.", id.description)
        case .deskNotFound(let desk): localized("There is no desk %d.", desk.rawValue)
        case .serviceNotFound(let code): localized("There is no service %s.", code.rawValue)
        case .staffNotFound(let id): localized("There is no staff %d on the staff list.", id.rawValue)
        case .notAllowed(let ticket, let state, let action): notAllowed(ticket, state: Self.state(state), action)
        case .deskNotOpen(let desk, let status): localized("Desk %1$d is %2$s; open it first.", desk.rawValue, Self.status(status))
        case .deskBusy(let desk, let ticket):
            localized("Desk %1$d is still handling ticket %2$s; complete it, mark it a no-show, park or transfer it first.",
                      desk.rawValue, ticket)
        case .deskNotClosed(let desk, let status):
            localized("Desk %1$d is %2$s; close it before removing it.", desk.rawValue, Self.status(status))
        case .deskAlready(let desk, let status): localized("Desk %1$d is already %2$s.", desk.rawValue, Self.status(status))
        case .deskDoesNotServe(let desk, let code): localized("Desk %1$d does not serve service %2$s.", desk.rawValue, code.rawValue)
        case .nothingWaiting(let desk): localized("Nobody is waiting for the services of desk %d.", desk.rawValue)
        case .serviceClosed(let code): localized("Service %s is closed; no tickets can be taken for it now.", code.rawValue)
        case .serviceAlready(let code, open: true): localized("Service %s is already open.", code.rawValue)
        case .serviceAlready(let code, open: false): localized("Service %s is already closed.", code.rawValue)
        case .outsideOpeningHours(let code, let hours):
            localized("Service %1$s takes tickets from %2$s to %3$s only.", code.rawValue,
                      Language.locale.time(hour: hours.opens.hour, minute: hours.opens.minute),
                      Language.locale.time(hour: hours.closes.hour, minute: hours.closes.minute))
        case .dailyCapReached(let code, let cap):
            localizedPlural("Service %1$s has issued its %2$d ticket for today; no more can be taken.",
                            "Service %1$s has issued its %2$d tickets for today; no more can be taken.",
                            count: cap, code.rawValue, cap)
        case .noFreeNumber(let code):
            localized("Every ticket number of service %s is still in use; close some tickets first.", code.rawValue)
        case .numberInUse(let ticket):
            localized("Ticket %s cannot come back: another open ticket shows the same number now.", ticket)
        case .ticketFromEarlierDay(let ticket, let day):
            localized("Ticket %1$s is from %2$s; only today's tickets can come back.", ticket, day.description)
        case .transferToSameService(let ticket, let code): localized("Ticket %1$s is already in service %2$s.", ticket, code.rawValue)
        // The installer's file is refused before anyone works; its problems stay in English, as in the log.
        case .invalidConfiguration(let error): error.description
        case .ticketsWouldWait(let services): services.map(stranded).joined(separator: " ")
        }
    }

    /// One service `WaitingTicketsRule` refuses to strand, as a whole sentence.
    public static func stranded(_ service: StrandedService) -> String {
        localizedPlural(
            "%1$d ticket waits for %2$s (%3$s), and no desk could call it then: keep %2$s on a desk, or move it to another service first.",
            "%1$d tickets wait for %2$s (%3$s), and no desk could call them then: keep %2$s on a desk, or move them to another service first.",
            count: service.count, service.count, service.code.rawValue, service.name)
    }

    private static func notAllowed(_ ticket: String, state: String, _ action: TicketAction) -> String {
        switch action {
        case .call: localized("Ticket %1$s is %2$s, so it cannot be called: only waiting tickets are called.", ticket, state)
        case .recall:
            localized("Ticket %1$s is %2$s, so it cannot be recalled: only a called ticket can be called again.", ticket, state)
        case .start:
            localized("Ticket %1$s is %2$s, so it cannot be started: service starts only for a called ticket.", ticket, state)
        case .complete:
            localized("Ticket %1$s is %2$s, so it cannot be completed: only a ticket being served can be completed.",
                      ticket, state)
        case .noShow:
            localized("Ticket %1$s is %2$s, so it cannot be marked a no-show: only a called ticket can be marked a no-show.",
                      ticket, state)
        case .reactivate:
            localized("Ticket %1$s is %2$s, so it cannot be brought back: only a no-show can be brought back.", ticket, state)
        case .transfer:
            localized("Ticket %1$s is %2$s, so it cannot be transferred: only waiting, called or served tickets can move to another service.",
                      ticket, state)
        case .park:
            localized("Ticket %1$s is %2$s, so it cannot be parked: only a called or served ticket can be parked.", ticket, state)
        case .resume:
            localized("Ticket %1$s is %2$s, so it cannot be resumed: only a parked ticket can be resumed.", ticket, state)
        case .cancel:
            localized("Ticket %1$s is %2$s, so it cannot be cancelled: only open tickets can be cancelled.", ticket, state)
        }
    }

    /// How staff read a ticket's state, after "Ticket C012 is …" and on the desk ("Returns · called").
    public static func state(_ state: TicketState) -> String {
        let language = Language.locale
        return switch state {
        case .waiting: language.localizedInContext("ticket state", "waiting")
        case .called: language.localizedInContext("ticket state", "called")
        case .serving: language.localizedInContext("ticket state", "being served")
        case .parked: language.localizedInContext("ticket state", "parked")
        case .completed: language.localizedInContext("ticket state", "completed")
        case .noShow: language.localizedInContext("ticket state", "a no-show")
        case .cancelled: language.localizedInContext("ticket state", "cancelled")
        case .closedAtDayEnd: language.localizedInContext("ticket state", "closed at the end of the day")
        }
    }

    /// A desk's status, after "Desk 3 is …".
    public static func status(_ status: DeskStatus) -> String {
        let language = Language.locale
        return switch status {
        case .open: language.localizedInContext("desk status", "open")
        case .paused: language.localizedInContext("desk status", "paused")
        case .closed: language.localizedInContext("desk status", "closed")
        }
    }
}

extension QueueWords {
    /// What a command prints for an error: a queue refusal in the staff's language (as
    /// `StoreError.description` frames it); a store that cannot be used keeps QueueStore's words.
    public static func describe(_ error: any Error) -> String {
        switch error as? StoreError {
        case .refused(let reason)?:
            let words = QueueWords.error(reason)
            return StoreError.refused(reason).exitCode == 2 ? words : localized("refused: %s", words)
        case .conflict(let message)?: return localized("refused: %s", message)
        default: return "\(error)"
        }
    }
}
