/// Why the queue refused a command. `description` is written for staff at a desk.
public enum QueueError: Error, Hashable, Codable, Sendable, CustomStringConvertible {
    case ticketNotFound(TicketID)
    case deskNotFound(DeskNumber)
    case serviceNotFound(ServiceCode)
    case staffNotFound(StaffID)
    /// The ticket's state does not allow the action.
    case notAllowed(ticket: String, state: TicketState, action: TicketAction)
    /// Calling or resuming to a desk needs it open.
    case deskNotOpen(DeskNumber, DeskStatus)
    /// The desk already holds a called or serving ticket (`ticket` is its code).
    case deskBusy(DeskNumber, ticket: String)
    /// Only a closed desk is removed (nobody is working at it).
    case deskNotClosed(DeskNumber, DeskStatus)
    /// The desk is already in the requested status.
    case deskAlready(DeskNumber, DeskStatus)
    case deskDoesNotServe(DeskNumber, ServiceCode)
    case nothingWaiting(DeskNumber)
    case serviceClosed(ServiceCode)
    /// The service is already open (`true`) or closed (`false`).
    case serviceAlready(ServiceCode, open: Bool)
    case outsideOpeningHours(ServiceCode, OpeningHours)
    case dailyCapReached(ServiceCode, cap: Int)
    /// Every display number of the service is held by an open ticket.
    case noFreeNumber(ServiceCode)
    /// Reactivating would show a number another open ticket shows now.
    case numberInUse(ticket: String)
    /// Reactivation is only for tickets of the current business day.
    case ticketFromEarlierDay(ticket: String, day: BusinessDay)
    case transferToSameService(ticket: String, ServiceCode)
    case invalidConfiguration(ConfigurationError)
    /// The change would leave these services' waiting and parked tickets with no desk to call
    /// them (`WaitingTicketsRule`), by code.
    case ticketsWouldWait([StrandedService])

    public var description: String {
        switch self {
        case .ticketNotFound(let id): "There is no ticket \(id)."
        case .deskNotFound(let desk): "There is no \(desk)."
        case .serviceNotFound(let code): "There is no service \(code)."
        case .staffNotFound(let id): "There is no \(id) on the staff list."
        case .notAllowed(let ticket, let state, let action):
            "Ticket \(ticket) is \(state), so it cannot be \(action.pastParticiple): \(action.rule)"
        case .deskNotOpen(let desk, let status):
            "\(desk.description.capitalizedFirst) is \(status); open it first."
        case .deskBusy(let desk, let ticket):
            "\(desk.description.capitalizedFirst) is still handling ticket \(ticket); complete it, "
                + "mark it a no-show, park or transfer it first."
        case .deskNotClosed(let desk, let status):
            "\(desk.description.capitalizedFirst) is \(status); close it before removing it."
        case .deskAlready(let desk, let status):
            "\(desk.description.capitalizedFirst) is already \(status)."
        case .deskDoesNotServe(let desk, let code):
            "\(desk.description.capitalizedFirst) does not serve service \(code)."
        case .nothingWaiting(let desk):
            "Nobody is waiting for the services of \(desk)."
        case .serviceClosed(let code): "Service \(code) is closed; no tickets can be taken for it now."
        case .serviceAlready(let code, let open): "Service \(code) is already \(open ? "open" : "closed")."
        case .outsideOpeningHours(let code, let hours):
            "Service \(code) takes tickets from \(hours.opens) to \(hours.closes) only."
        case .dailyCapReached(let code, let cap):
            "Service \(code) has issued its \(cap) tickets for today; no more can be taken."
        case .noFreeNumber(let code):
            "Every ticket number of service \(code) is still in use; close some tickets first."
        case .numberInUse(let ticket):
            "Ticket \(ticket) cannot come back: another open ticket shows the same number now."
        case .ticketFromEarlierDay(let ticket, let day):
            "Ticket \(ticket) is from \(day); only today's tickets can come back."
        case .transferToSameService(let ticket, let code):
            "Ticket \(ticket) is already in service \(code)."
        case .invalidConfiguration(let error): error.description
        case .ticketsWouldWait(let services):
            services.map {
                "\($0), and no desk could call \($0.count == 1 ? "it" : "them") then: keep \($0.code) on a desk, "
                    + "or move \($0.count == 1 ? "it" : "them") to another service first."
            }.joined(separator: " ")
        }
    }
}
