// The ticket's state machine: which action a ticket in each state allows. `decide` refuses
// anything else with `QueueError.notAllowed`; `evolve` (Evolve.swift) moves the ticket to the
// state the action's event names.

/// The ticket actions the state machine knows, for error messages and the transition table.
public enum TicketAction: String, Hashable, Codable, Sendable, CaseIterable {
    case call, recall, start, complete, noShow, reactivate, transfer, park, resume, cancel

    /// "called", "started", … for "cannot be ___".
    public var pastParticiple: String {
        switch self {
        case .call: "called"
        case .recall: "recalled"
        case .start: "started"
        case .complete: "completed"
        case .noShow: "marked a no-show"
        case .reactivate: "brought back"
        case .transfer: "transferred"
        case .park: "parked"
        case .resume: "resumed"
        case .cancel: "cancelled"
        }
    }

    /// Which states allow the action, in words.
    public var rule: String {
        switch self {
        case .call: "only waiting tickets are called."
        case .recall: "only a called ticket can be called again."
        case .start: "service starts only for a called ticket."
        case .complete: "only a ticket being served can be completed."
        case .noShow: "only a called ticket can be marked a no-show."
        case .reactivate: "only a no-show can be brought back."
        case .transfer: "only waiting, called or served tickets can move to another service."
        case .park: "only a called or served ticket can be parked."
        case .resume: "only a parked ticket can be resumed."
        case .cancel: "only open tickets can be cancelled."
        }
    }

    /// The states the action starts from.
    public var allowedStates: Set<TicketState> {
        switch self {
        case .call, .recall, .noShow: self == .call ? [.waiting] : [.called]
        case .start: [.called]
        case .complete: [.serving]
        case .reactivate: [.noShow]
        case .transfer: [.waiting, .called, .serving]
        case .park: [.called, .serving]
        case .resume: [.parked]
        case .cancel: [.waiting, .called, .serving, .parked]
        }
    }
}
