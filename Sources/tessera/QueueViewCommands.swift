import FoundationEssentials
import Localization
import QueueCore
import QueueStore
import TesseraFeatures

/// list, status, report: read-only views.
let viewSubcommands: [QueueSubcommand] = [
    QueueSubcommand(
        name: "list", parameters: "", summary: localized("List tickets with their code and state"),
        options: [
            OptionSpec(name: "state", kind: .string, argument: "S",
                       help: localized("Only this state: waiting, called, serving, parked, completed, no-show, cancelled")),
            OptionSpec(name: "day", kind: .string, argument: "D", help: localized("YYYY-MM-DD, today (default) or all")),
        ]
    ) { run in
        _ = try run.positional(0, localized("no arguments besides options"))
        let state = try run.options.strings["state"].map(ticketState)
        let dayText = run.options.strings["day"] ?? "today"
        let day: BusinessDay? = dayText == "all" ? nil : try businessDay(dayText, run: run)
        let tickets = try run.store().tickets(TicketFilter(day: day, state: state))
        run.emit(tickets.map(ticketLine).joined(separator: "\n"), json: tickets)
        return 0
    },
    QueueSubcommand(name: "status", parameters: "", summary: localized("Waiting counts per service and what each desk holds")) { run in
        _ = try run.positional(0, localized("no arguments besides options"))
        var status = try run.store().status(at: run.now)
        // The same figure the kiosk gives a new ticket (one read of its own, after the status).
        let waits = try run.store().waits(at: run.now)
        for index in status.services.indices {
            status.services[index].estimatedWaitSeconds = waits[status.services[index].code]?.estimatedWait
                .map { Int($0.components.seconds) }
        }
        // Parked tickets hold no desk and wait in no lane: listed so nobody forgets them.
        let parked = try run.store().tickets(TicketFilter(state: .parked))
        run.emit(statusText(status, parked: parked), json: status)
        return 0
    },
]

/// A state as the command line spells it, in `list` and in `--state`: `no-show`, `closed-at-day-end`.
func stateWord(_ state: TicketState) -> String {
    state.rawValue.reduce(into: "") { word, character in
        word += character.isUppercase ? "-" + character.lowercased() : String(character)
    }
}

func ticketState(_ text: String) throws -> TicketState {
    guard let state = TicketState.allCases.first(where: { stateWord($0) == text.lowercased() }) else {
        throw UsageError(localized("tessera queue: unknown ticket state “%1$s”; states are %2$s", text,
                                   TicketState.allCases.map(stateWord).joined(separator: ", ")))
    }
    return state
}

func businessDay(_ text: String, run: QueueInvocation) throws -> BusinessDay {
    if text == "today" { return try run.today() }
    guard let day = BusinessDay(text) else {
        throw UsageError(localized("tessera queue %1$s: “%2$s” is not a date like 2026-03-02", run.command, text))
    }
    return day
}

private func ticketLine(_ ticket: Ticket) -> String {
    let desk = ticket.state.isAtDesk ? ticket.desk.map { "  \($0)" } ?? "" : ""
    let priority = ticket.priority == .priority ? "  priority" : ""
    return "\(ticket.code)\t\(stateWord(ticket.state))\t\(ticket.service)\t\(ticket.businessDay)  #\(ticket.id.rawValue)\(priority)\(desk)"
}

private func statusText(_ status: QueueStatus, parked: [Ticket]) -> String {
    // The table's words (open, closed, states) stay the command's own tokens, which scripts read.
    var lines = [localized("Business day %s", status.businessDay), localized("Services:")]
    for service in status.services {
        let state = service.isOpen ? "open" : "closed"
        lines.append(service.waitingPriority > 0
            ? localized("  %1$s\t%2$s\t%3$s\t%4$d waiting (%5$d priority)", service.code, service.name, state, service.waiting,
                        service.waitingPriority)
            : localized("  %1$s\t%2$s\t%3$s\t%4$d waiting", service.code, service.name, state, service.waiting))
    }
    lines.append(localized("Desks:"))
    for desk in status.desks {
        let holding = desk.ticketCode.map { "\($0) \(desk.ticketState.map(stateWord) ?? "")" } ?? "-"
        lines.append("  \(desk.number.rawValue)\t\(desk.name)\t\(desk.status)\t\(holding)")
    }
    lines.append(localized("Parked: %s", parked.isEmpty ? localized("none") : parked.map { "\($0.code) (\($0.service))" }.joined(separator: ", ")))
    return lines.joined(separator: "\n")
}
