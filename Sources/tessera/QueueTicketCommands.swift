import FoundationEssentials
import Localization
import QueueCore
import QueueStore
import TesseraApp
import TesseraFeatures

private let deskOption = OptionSpec(name: "desk", kind: .integer, argument: "N", help: localized("The desk number"))

/// issue, transfer, resume, cancel: commands naming a service or a ticket.
let ticketSubcommands: [QueueSubcommand] = [
    QueueSubcommand(
        name: "issue", parameters: "SERVICE", summary: localized("Issue a ticket for a service (e.g. C)"),
        options: [OptionSpec(name: "priority", kind: .flag, help: localized("Issue a priority ticket"))]
    ) { run in
        let service = try run.serviceCode(try run.positional(1, localized("one SERVICE code"))[0])
        let priority: PriorityClass = run.options.has("priority") ? .priority : .normal
        return try run.perform(.issue(service: service, priority: priority)) { ticket in
            priority == .priority
                ? localized("%1$s  issued for %2$s (priority)  [ticket %3$d, %4$s]", ticket.code, service, ticket.id.rawValue, ticket.businessDay)
                : localized("%1$s  issued for %2$s  [ticket %3$d, %4$s]", ticket.code, service, ticket.id.rawValue, ticket.businessDay)
        }
    },
    QueueSubcommand(
        name: "transfer", parameters: "TICKET", summary: localized("Move a ticket to another service's queue"),
        options: [
            OptionSpec(name: "to", kind: .string, argument: "SERVICE", help: localized("The service to move it to")),
            positionOption(localized("Where it joins the queue (default: back)")),
        ]
    ) { run in
        let ticket = try run.namedTicket()
        guard let target = run.options.strings["to"] else { throw UsageError(localized("tessera queue transfer: --to SERVICE is required")) }
        let position = try lanePosition(run.options.strings["position"] ?? "back")
        return try run.perform(.transfer(ticket: ticket.id, to: try run.serviceCode(target), position: position)) {
            localized("%1$s  moved to %2$s (%3$s of the queue)", $0.code, $0.service, position.rawValue)
        }
    },
    QueueSubcommand(
        name: "resume", parameters: "TICKET", summary: localized("Bring a parked ticket back (to the queue, or to a desk)"),
        options: [
            OptionSpec(name: "desk", kind: .integer, argument: "N", help: localized("Serve it at this desk now")),
            positionOption(localized("Where it rejoins the queue (default: front)")),
        ]
    ) { run in
        let ticket = try run.namedTicket()
        let target: ResumeTarget = if run.options.integers["desk"] != nil {
            .desk(try run.deskNumber())
        } else {
            .queue(try lanePosition(run.options.strings["position"] ?? "front"))
        }
        return try run.perform(.resume(ticket: ticket.id, to: target)) { "\($0.code)  \($0.state)" }
    },
    QueueSubcommand(name: "reactivate", parameters: "TICKET", summary: localized("Bring back a no-show: waiting again, at the back")) { run in
        let ticket = try run.namedTicket()
        return try run.perform(.reactivate(ticket: ticket.id)) { localized("%s  waiting again", $0.code) }
    },
    QueueSubcommand(name: "cancel", parameters: "TICKET", summary: localized("Cancel an open ticket")) { run in
        let ticket = try run.namedTicket()
        return try run.perform(.cancel(ticket: ticket.id)) { "\($0.code)  cancelled" }
    },
    QueueSubcommand(
        name: "reprint", parameters: "TICKET",
        summary: localized("Print a ticket again at a kiosk (recorded; the kiosk prints it)"),
        options: [OptionSpec(name: "kiosk", kind: .string, argument: "NAME",
                             help: localized("The kiosk that prints it (default: the first by name whose printer can print)"))]
    ) { run in
        let ticket = try run.namedTicket()
        let kiosk = try reprintKiosk(run)
        return try run.perform(.reprint(ticket: ticket.id, terminal: kiosk), summary: { (_: CommandResult) in
            kiosk.map { localized("%1$s  sent to kiosk “%2$s”", ticket.code, $0) }
                ?? localized("%s  sent to the kiosk printer", ticket.code)
        })
    },
]

/// call, recall, start, complete, no-show, park: what a desk does with its ticket.
let deskSubcommands: [QueueSubcommand] = [
    QueueSubcommand(
        name: "call", parameters: "", summary: localized("Call the next ticket to a desk"),
        options: [deskOption, OptionSpec(name: "service", kind: .string, argument: "S", help: localized("Only from this service")),
                  OptionSpec(name: "ticket", kind: .string, argument: "TICKET", help: localized("Call this waiting ticket, out of order"))]
    ) { run in
        _ = try run.positional(0, localized("no arguments besides options"))
        let desk = try run.deskNumber()
        if let chosen = run.options.strings["ticket"] {
            guard run.options.strings["service"] == nil else {
                throw UsageError(localized("tessera queue call: give --ticket or --service, not both"))
            }
            let ticket = try run.ticket(chosen)
            return try run.perform(.call(ticket: ticket.id, desk: desk)) { localized("%1$s  please go to desk %2$d", $0.code, desk.rawValue) }
        }
        let service = try run.options.strings["service"].map { try run.serviceCode($0) }
        return try run.perform(.callNext(desk: desk, service: service)) { localized("%1$s  please go to desk %2$d", $0.code, desk.rawValue) }
    },
    deskAction("recall", localized("Call the desk's ticket again")) { .recall(ticket: $0) },
    deskAction("start", localized("The called customer arrived: start serving")) { .start(ticket: $0) },
    deskAction("complete", localized("Finish serving the desk's ticket")) { .complete(ticket: $0) },
    deskAction("no-show", localized("The called customer did not come")) { .noShow(ticket: $0) },
    deskAction("park", localized("Set the desk's ticket aside for later")) { .park(ticket: $0) },
]

/// A command acting on the ticket a desk holds.
private func deskAction(_ name: String, _ summary: String, _ command: @escaping @Sendable (TicketID) -> Command) -> QueueSubcommand {
    QueueSubcommand(name: name, parameters: "", summary: summary, options: [deskOption]) { run in
        _ = try run.positional(0, localized("no arguments besides options"))
        let ticket = try run.deskTicket(try run.deskNumber())
        return try run.perform(command(ticket.id)) { "\($0.code)  \($0.state)" }
    }
}

/// The kiosk `reprint` asks: `--kiosk` if some kiosk's printer report named it (a typo would
/// otherwise print nowhere, silently), else the one the desk's button would ask. Only a kiosk
/// whose printer last reported it can print takes the copy (a kiosk prints the requests it sees
/// while it runs, never older ones): when none can, nothing is recorded and the refusal says
/// why (exit 1), rather than "sent" to nobody.
private func reprintKiosk(_ run: QueueInvocation) throws -> String? {
    let reports = try PrinterReport.current(in: run.store())
    guard let named = run.options.strings["kiosk"] else {
        guard reports.contains(where: \.condition.canPrint) else {
            throw StoreError.conflict(reports.isEmpty
                ? localized("no kiosk has reported a printer to this store, so no kiosk can print the copy; nothing was sent")
                : localized("no kiosk's printer can print the copy now (%s); nothing was sent", PrinterWords.alert(reports) ?? ""))
        }
        return PrinterReport.reprintKiosk(among: reports)
    }
    let known = reports.compactMap(\.terminal)
    guard let report = reports.first(where: { $0.terminal == named }) else {
        throw UsageError(known.isEmpty
            ? localized("tessera queue reprint: no kiosk has reported a printer, so there is no kiosk “%s”", named)
            : localized("tessera queue reprint: no kiosk “%1$s” has reported a printer; kiosks: %2$s", named, known.joined(separator: ", ")))
    }
    guard report.condition.canPrint else {
        throw StoreError.conflict(localized("kiosk “%1$s” cannot print the copy now (%2$s); nothing was sent",
                                            named, PrinterWords.alert(report) ?? ""))
    }
    return named
}

private func positionOption(_ help: String) -> OptionSpec {
    OptionSpec(name: "position", kind: .string, argument: "front|back|arrival", help: help)
}

func lanePosition(_ text: String) throws -> TransferPosition {
    guard let position = TransferPosition(rawValue: text.lowercased()) else {
        throw UsageError(localized("tessera queue: --position must be front, back or arrival (not “%s”)", text))
    }
    return position
}
