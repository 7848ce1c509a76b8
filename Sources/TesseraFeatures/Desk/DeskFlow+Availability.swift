import FoundationEssentials
import Localization
import QueueCore
import QueueStore

extension DeskFlow {
    /// Whether `action` can be pressed now, and if not why, in words for staff. The queue rules
    /// are QueueCore's: the states each action starts from (`TicketAction.allowedStates`) and
    /// its refusal wording (`QueueError`). The store still decides; this only keeps staff from
    /// pressing what it would refuse.
    public func availability(of action: DeskAction) -> DeskAvailability {
        guard let staff else { return .disabled(reason: localized("Sign in first.")) }
        if isOffline { return .disabled(reason: Self.offline) }
        let oneTap = oneTapOneAction(action)
        guard oneTap.isEnabled else { return oneTap }
        guard let snapshot else { return .disabled(reason: localized("Reading the queue…")) }
        let desk = snapshot.desk
        switch action {
        case .callNext:
            if let refusal = freeOpenDeskRefusal(snapshot) { return refusal }
            guard snapshot.waitingCount > 0 else {
                let names = snapshot.services.map(\.name)
                return .disabled(reason: localized("Nobody is waiting for %s.", Self.list(names)))
            }
            return .enabled
        case .call(let id):
            if let refusal = freeOpenDeskRefusal(snapshot) { return refusal }
            guard let ticket = snapshot.waiting.first(where: { $0.id == id }) else {
                return .disabled(reason: localized("That ticket is no longer waiting."))
            }
            guard desk.services.contains(ticket.service) else {
                return .disabled(reason: QueueWords.error(QueueError.deskDoesNotServe(desk.number, ticket.service)))
            }
            return .enabled
        case .recall: return currentAllows(.recall, snapshot)
        case .start: return currentAllows(.start, snapshot)
        case .complete:
            // The desk starts service itself when Complete is pressed on a called ticket.
            let complete = currentAllows(.complete, snapshot)
            return complete.isEnabled ? complete : currentAllows(.start, snapshot).isEnabled ? .enabled : complete
        case .noShow: return currentAllows(.noShow, snapshot)
        case .park: return currentAllows(.park, snapshot)
        case .transfer(let target, _):
            let allowed = currentAllows(.transfer, snapshot)
            guard allowed.isEnabled, let current = snapshot.current else { return allowed }
            guard snapshot.allServices.contains(where: { $0.code == target }) else {
                return .disabled(reason: QueueWords.error(QueueError.serviceNotFound(target)))
            }
            guard target != current.service else {
                return .disabled(reason: QueueWords.error(QueueError.transferToSameService(ticket: current.code, target)))
            }
            return .enabled
        case .resume(let id):
            if let refusal = freeOpenDeskRefusal(snapshot) { return refusal }
            guard snapshot.parked.contains(where: { $0.id == id }) else {
                return .disabled(reason: localized("That ticket is no longer parked."))
            }
            return .enabled
        case .reactivate(let id):
            guard snapshot.noShows.contains(where: { $0.id == id }) else {
                return .disabled(reason: localized("That ticket is no longer a no-show."))
            }
            return .enabled
        case .reprint:
            guard snapshot.current != nil else {
                return .disabled(reason: localized("This desk has no ticket; call one first."))
            }
            return reprintRefusal(snapshot) ?? .enabled
        case .takeBreak:
            if let current = snapshot.current {
                return .disabled(reason: localized("Finish, park or transfer %s before a break.", current.code))
            }
            guard desk.status == .open else {
                return .disabled(reason: QueueWords.error(QueueError.deskNotOpen(desk.number, desk.status)))
            }
            return .enabled
        case .endBreak:
            guard onBreakSince != nil, desk.status == .paused else { return .disabled(reason: localized("You are not on a break.")) }
            return .enabled
        case .chooseServices(let codes):
            guard !codes.isEmpty else { return .disabled(reason: localized("A desk calls from at least one service.")) }
            let allowed = snapshot.allowedServices.map(\.code)
            if let other = codes.first(where: { !allowed.contains($0) }) {
                return .disabled(reason: QueueWords.error(QueueError.deskDoesNotServe(desk.number, other)))
            }
            return .enabled
        case .openService(let code), .closeService(let code):
            guard DeskPermissions.mayAdminister(staff.role) else {
                return .disabled(reason: localized("Only an administrator can open or close a service."))
            }
            guard let line = snapshot.allServices.first(where: { $0.code == code }) else {
                return .disabled(reason: QueueWords.error(QueueError.serviceNotFound(code)))
            }
            let opening = if case .openService = action { true } else { false }
            guard line.isOpen != opening else {
                return .disabled(reason: QueueWords.error(QueueError.serviceAlready(code, open: line.isOpen)))
            }
            return .enabled
        }
    }

    /// Why the desk cannot take a ticket now (QueueCore's `freeOpenDesk` rule), or nil; said to
    /// whoever works it, so "this desk" rather than its number.
    private func freeOpenDeskRefusal(_ snapshot: DeskSnapshot) -> DeskAvailability? {
        let desk = snapshot.desk
        if onBreakSince != nil { return .disabled(reason: localized("On a break: press Back from break first.")) }
        guard desk.status == .open else {
            return .disabled(reason: localized("This desk is %s; open it first.", QueueWords.status(desk.status)))
        }
        if let current = snapshot.current {
            return .disabled(reason: localized(
                "This desk is still handling ticket %s; complete it, mark it a no-show, park or transfer it first.", current.code))
        }
        return nil
    }

    /// Why a copy would not come out of a printer, or nil. The kiosk prints a copy as soon as it
    /// sees the request and never later, so a request no printer can take would be lost.
    private func reprintRefusal(_ snapshot: DeskSnapshot) -> DeskAvailability? {
        guard !snapshot.printers.isEmpty else {
            return .disabled(reason: localized("No kiosk has a ticket printer."))
        }
        guard snapshot.printers.contains(where: \.condition.canPrint) else {
            return .disabled(reason: localized("The kiosk printer cannot print a copy now."))
        }
        return nil
    }

    /// Whether the current ticket's state allows `action`.
    private func currentAllows(_ action: TicketAction, _ snapshot: DeskSnapshot) -> DeskAvailability {
        guard let current = snapshot.current else {
            return .disabled(reason: localized("This desk has no ticket; call one first."))
        }
        guard action.allowedStates.contains(current.state) else {
            return .disabled(reason: QueueWords.error(QueueError.notAllowed(ticket: current.code, state: current.state, action: action)))
        }
        return .enabled
    }

    /// What every action says while the server is lost.
    public static var offline: String { localized("Offline: reconnecting to the queue…") }

    static func list(_ names: [String]) -> String {
        switch names.count {
        case 0: localized("this desk's services")
        case 1: names[0]
        default: localized("%1$s or %2$s", names.dropLast().joined(separator: ", "), names[names.count - 1])
        }
    }

    /// What staff read when an action gave nothing.
    static func message(for error: any Error, action: DeskAction? = nil, expectedWaiting: Int = 0) -> String {
        guard let storeError = error as? StoreError else { return localized("The queue could not be read: %s", "\(error)") }
        switch (storeError, action) {
        case (.refused(.nothingWaiting), .callNext?) where expectedWaiting > 0:
            return localized("Another desk called the waiting ticket first; nobody else is waiting.")
        case (.refused(.notAllowed(let code, .called, .call)), .call?):
            return localized("Ticket %s was taken by another desk.", code)
        case (.refused(let reason), _):
            return QueueWords.error(reason)
        case (.unavailable, _):
            return localized("The queue is not answering; nothing was changed. Try again in a moment.")
        default:
            return storeError.description
        }
    }
}

extension DeskFlow {
    /// Where the copy a press asked for comes out (nil kiosk: an unnamed kiosk from an older build).
    static func reprintConfirmation(kiosk: String?) -> String {
        kiosk.map { localized("Printing a copy at kiosk “%s”", $0) } ?? localized("Printing a copy at the kiosk")
    }
}
