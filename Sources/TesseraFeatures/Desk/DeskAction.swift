import QueueCore

/// Everything a desk can ask the queue to do. Each is one tap: one command, except `complete`
/// on a called ticket, which the desk records as start then complete (see `DeskModel`).
public enum DeskAction: Hashable, Sendable {
    case callNext
    /// Call a waiting ticket chosen from the list, out of order.
    case call(TicketID)
    case recall
    case start
    case complete(Outcome)
    case noShow
    case transfer(to: ServiceCode, position: TransferPosition)
    case park
    /// A parked customer is back at this desk: served here at once.
    case resume(TicketID)
    /// A no-show came back after all: waiting again at the back of the lane.
    case reactivate(TicketID)
    /// The kiosk prints the desk's current ticket again (the customer at the counter lost the
    /// paper, or needs it to come back after Park or Transfer). Any signed-in staff member.
    case reprint
    /// The staff member steps away: the desk pauses (it calls nobody and counts for no wait)
    /// and stays theirs, without a PIN to come back within `[staff] break-minutes`.
    case takeBreak
    /// Back from the break: the desk opens for them again.
    case endBreak
    /// The desk calls from these of the services it allows, in this order (any signed-in staff
    /// member; recorded as an event).
    case chooseServices([ServiceCode])
    /// Administrators only.
    case openService(ServiceCode)
    /// Administrators only.
    case closeService(ServiceCode)
}

/// Whether an action can be pressed now, and when not, why (shown under the button).
public enum DeskAvailability: Equatable, Sendable {
    case enabled
    case disabled(reason: String)

    public var isEnabled: Bool { self == .enabled }
    public var reason: String? {
        if case .disabled(let reason) = self { reason } else { nil }
    }
}

/// Who may do what at a desk: the core records roles, the app enforces them.
public enum DeskPermissions {
    /// Opening and closing services, changing desks and leaving a kiosk need an administrator.
    public static func mayAdminister(_ role: StaffRole) -> Bool { role == .administrator }
}
