import Foundation
import QueueCore
import QueueStore

/// list, status, report: read-only views.
let viewSubcommands: [QueueSubcommand] = [
    QueueSubcommand(
        name: "list", parameters: "", summary: "List tickets with their code and state",
        options: [
            OptionSpec(name: "state", kind: .string, argument: "S",
                       help: "Only this state: waiting, called, serving, parked, completed, no-show, cancelled"),
            OptionSpec(name: "day", kind: .string, argument: "D", help: "YYYY-MM-DD, today (default) or all"),
        ]
    ) { run in
        _ = try run.positional(0, "no arguments besides options")
        let state = try run.options.strings["state"].map(ticketState)
        let dayText = run.options.strings["day"] ?? "today"
        let day: BusinessDay? = dayText == "all" ? nil : try businessDay(dayText, run: run)
        let tickets = try run.store().tickets(TicketFilter(day: day, state: state))
        run.emit(tickets.map(ticketLine).joined(separator: "\n"), json: tickets)
        return 0
    },
    QueueSubcommand(name: "status", parameters: "", summary: "Waiting counts per service and what each desk holds") { run in
        _ = try run.positional(0, "no arguments besides options")
        let status = try run.store().status(at: run.now)
        run.emit(statusText(status), json: status)
        return 0
    },
    QueueSubcommand(
        name: "report", parameters: "", summary: "Figures for one business day",
        options: [
            OptionSpec(name: "day", kind: .string, argument: "YYYY-MM-DD", help: "The business day (default: today)"),
            OptionSpec(name: "format", kind: .string, argument: "csv|json", help: "Output format (default: a table)"),
        ]
    ) { run in
        _ = try run.positional(0, "no arguments besides options")
        let day = try businessDay(run.options.strings["day"] ?? "today", run: run)
        let format = run.options.strings["format"] ?? (run.json ? "json" : "table")
        guard ["csv", "json", "table"].contains(format) else {
            throw UsageError(message: "tessera queue report: --format must be csv or json (not “\(format)”)")
        }
        let report = try run.store().report(for: day)
        let rows = report.byService.sorted { $0.key < $1.key }.map { ($0.key.rawValue, $0.value) } + [("all", report.total)]
        switch format {
        case "json": print(QueueJSON.string(DayReport(day: day, services: report.byService, total: report.total)))
        case "csv": print(reportCSV(day: day, rows: rows))
        default: print(reportTable(day: day, rows: rows))
        }
        return 0
    },
]

private struct DayReport: Encodable {
    let day: BusinessDay
    let services: [ServiceCode: ReportFigures]
    let total: ReportFigures
}

func ticketState(_ text: String) throws -> TicketState {
    let normalised = text == "no-show" ? "noShow" : text
    guard let state = TicketState(rawValue: normalised) else {
        throw UsageError(message: "tessera queue: unknown ticket state “\(text)”")
    }
    return state
}

func businessDay(_ text: String, run: QueueInvocation) throws -> BusinessDay {
    if text == "today" { return try run.today() }
    guard let day = BusinessDay(text) else {
        throw UsageError(message: "tessera queue \(run.command): “\(text)” is not a date like 2026-03-02")
    }
    return day
}

private func ticketLine(_ ticket: Ticket) -> String {
    let desk = ticket.state.isAtDesk ? ticket.desk.map { "  \($0)" } ?? "" : ""
    let priority = ticket.priority == .priority ? "  priority" : ""
    return "\(ticket.code)\t\(ticket.state.rawValue)\t\(ticket.service)\t\(ticket.businessDay)  #\(ticket.id.rawValue)\(priority)\(desk)"
}

private func statusText(_ status: QueueStatus) -> String {
    var lines = ["Business day \(status.businessDay)", "Services:"]
    for service in status.services {
        let priority = service.waitingPriority > 0 ? " (\(service.waitingPriority) priority)" : ""
        lines.append("  \(service.code)\t\(service.name)\t\(service.isOpen ? "open" : "closed")\t\(service.waiting) waiting\(priority)")
    }
    lines.append("Desks:")
    for desk in status.desks {
        let holding = desk.ticketCode.map { "\($0) \(desk.ticketState?.rawValue ?? "")" } ?? "-"
        lines.append("  \(desk.number.rawValue)\t\(desk.name)\t\(desk.status)\t\(holding)")
    }
    return lines.joined(separator: "\n")
}

private func seconds(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "" }

private func reportCSV(day: BusinessDay, rows: [(String, ReportFigures)]) -> String {
    var lines = ["day,service,issued,called,completed,no_shows,cancelled,closed_at_day_end,mean_wait_seconds,mean_service_seconds"]
    for (service, figures) in rows {
        lines.append([day.description, service, "\(figures.issued)", "\(figures.called)", "\(figures.completed)",
                      "\(figures.noShows)", "\(figures.cancelled)", "\(figures.closedAtDayEnd)",
                      seconds(figures.waitingTime.meanSeconds), seconds(figures.serviceTime.meanSeconds)].joined(separator: ","))
    }
    return lines.joined(separator: "\n")
}

private func reportTable(day: BusinessDay, rows: [(String, ReportFigures)]) -> String {
    var lines = ["Report for \(day)", "service  issued  called  completed  no-shows  cancelled  mean wait s  mean service s"]
    for (service, figures) in rows {
        lines.append([service, "\(figures.issued)", "\(figures.called)", "\(figures.completed)", "\(figures.noShows)",
                      "\(figures.cancelled)", seconds(figures.waitingTime.meanSeconds),
                      seconds(figures.serviceTime.meanSeconds)].joined(separator: "  "))
    }
    return lines.joined(separator: "\n")
}
