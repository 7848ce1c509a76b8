import FoundationEssentials
import Glibc
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
    QueueSubcommand(
        name: "report", parameters: "", summary: localized("Figures for one business day"),
        options: [
            OptionSpec(name: "day", kind: .string, argument: "YYYY-MM-DD", help: localized("The business day (default: today)")),
            OptionSpec(name: "format", kind: .string, argument: "csv|json", help: localized("Output format (default: a table)")),
        ]
    ) { run in
        _ = try run.positional(0, localized("no arguments besides options"))
        let day = try businessDay(run.options.strings["day"] ?? "today", run: run)
        let format = run.options.strings["format"] ?? (run.json ? "json" : "table")
        guard ["csv", "json", "table"].contains(format) else {
            throw UsageError(localized("tessera queue report: --format must be csv or json (not “%s”)", format))
        }
        let report = try run.store().report(for: day)
        switch format {
        case "json": run.output(QueueJSON.string(DayReport(day: day, report: report)))
        case "csv": run.output(reportCSV(day: day, rows: reportRows(report)))
        default: run.output(reportTable(day: day, rows: reportRows(report)))
        }
        return 0
    },
]

/// The report as `--format json` prints it: one day's figures by service, desk and hour.
private struct DayReport: Encodable {
    let day: BusinessDay
    let services: [String: ReportFigures]
    let desks: [String: ReportFigures]
    let issuedPerHour: [String: Int]
    let total: ReportFigures

    init(day: BusinessDay, report: QueueReport) {
        self.day = day
        // String keys: JSON objects, not the key/value arrays Codable makes of struct-keyed dictionaries.
        services = Dictionary(uniqueKeysWithValues: report.byService.map { ($0.key.rawValue, $0.value) })
        desks = Dictionary(uniqueKeysWithValues: report.byDesk.map { ("\($0.key.rawValue)", $0.value) })
        issuedPerHour = Dictionary(uniqueKeysWithValues: report.issuedPerHour.map { (hourLabel($0.key.hour), $0.value) })
        total = report.total
    }
}

/// One line of the table or CSV: a group (service, desk, hour, all), its key and its figures.
private struct ReportRow {
    let group: String
    let key: String
    let figures: ReportFigures
    /// Hour rows count issued tickets only; their other columns stay empty.
    var issuedOnly = false
}

private func hourLabel(_ hour: Int) -> String { hour < 10 ? "0\(hour):00" : "\(hour):00" }

private func reportRows(_ report: QueueReport) -> [ReportRow] {
    let services = report.byService.sorted { $0.key < $1.key }.map { ReportRow(group: "service", key: $0.key.rawValue, figures: $0.value) }
    let desks = report.byDesk.sorted { $0.key.rawValue < $1.key.rawValue }.map { ReportRow(group: "desk", key: "\($0.key.rawValue)", figures: $0.value) }
    let hours = report.issuedPerHour.sorted { $0.key < $1.key }.map { entry -> ReportRow in
        var figures = ReportFigures()
        figures.issued = entry.value
        return ReportRow(group: "hour", key: hourLabel(entry.key.hour), figures: figures, issuedOnly: true)
    }
    return services + desks + hours + [ReportRow(group: "all", key: "", figures: report.total)]
}

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

private func seconds(_ value: Double?) -> String { decimal(value, "%.1f") }

/// A share (0…1) as two decimals: 0.67.
private func share(_ value: Double?) -> String { decimal(value, "%.2f") }

private func decimal(_ value: Double?, _ format: String) -> String {
    // printf's format (as `String(format:)` wrote it, which is in the Foundation that links ICU).
    value.map { value in
        var text = [CChar](repeating: 0, count: 64)
        let length = withVaList([value]) { vsnprintf(&text, text.count, format, $0) }
        return String(decoding: text.prefix(Int(max(0, length))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    } ?? ""
}

private func reportCSV(day: BusinessDay, rows: [ReportRow]) -> String {
    var lines = ["day,group,key,issued,called,completed,no_shows,cancelled,closed_at_day_end,mean_wait_seconds,mean_service_seconds,"
        + "quoted,quote_median_abs_error_seconds,quote_within_band,quote_under_estimated,quote_mean_bias_seconds"]
    for row in rows {
        lines.append(([day.description, row.group, row.key] + columns(row)).joined(separator: ","))
    }
    return lines.joined(separator: "\n")
}

private func reportTable(day: BusinessDay, rows: [ReportRow]) -> String {
    let header = ["group", "key", "issued", "called", "completed", "no-shows", "cancelled", "day-end", "mean wait s",
                  "mean service s", "quoted", "quote error s", "in band", "under", "bias s"]
    let table = [header] + rows.map { [$0.group, $0.key.isEmpty ? "-" : $0.key] + columns($0) }
    return ([localized("Report for %s", day)] + alignedLines(table)).joined(separator: "\n")
}

private func columns(_ row: ReportRow) -> [String] {
    let figures = row.figures
    if row.issuedOnly { return ["\(figures.issued)"] + Array(repeating: "", count: 12) }
    // The quote columns (see QuoteAccuracy): the band is ±max(20 %, 2 min), under is > 20 % under.
    let quotes = figures.quoteAccuracy
    return ["\(figures.issued)", "\(figures.called)", "\(figures.completed)", "\(figures.noShows)",
            "\(figures.cancelled)", "\(figures.closedAtDayEnd)", seconds(figures.waitingTime.meanSeconds),
            seconds(figures.serviceTime.meanSeconds), "\(figures.quotes.count)", seconds(quotes?.medianAbsoluteError),
            share(quotes?.withinBand), share(quotes?.underEstimated), seconds(quotes?.meanBias)]
}
