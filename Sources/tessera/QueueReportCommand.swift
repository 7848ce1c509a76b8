import FoundationEssentials
import Localization
import QueueCore
import QueueStore
import ReportCharts
import TesseraFeatures

/// `queue report`: the figures of a day or a range of business days, as a table in minutes,
/// JSON, CSV (`ReportCSV`) or a one-page PDF (`ReportPDF`).
let reportSubcommand = QueueSubcommand(
    name: "report", parameters: "", summary: localized("Figures for a business day or a range of them"),
    options: [
        OptionSpec(name: "day", kind: .string, argument: "YYYY-MM-DD", help: localized("One business day (default: today)")),
        OptionSpec(name: "from", kind: .string, argument: "YYYY-MM-DD",
                   help: localized("The first business day of a range (default: the day of --to)")),
        OptionSpec(name: "to", kind: .string, argument: "YYYY-MM-DD", help: localized("The last business day of a range (default: today)")),
        OptionSpec(name: "csv", kind: .flag, help: localized("Print one CSV table (RFC 4180) with a header row")),
        OptionSpec(name: "pdf", kind: .string, argument: "FILE", help: localized("Write a one-page A4 PDF with charts to FILE")),
        OptionSpec(name: "format", kind: .string, argument: "csv|json", help: localized("Output format (default: a table)")),
    ]
) { run in
    _ = try run.positional(0, localized("no arguments besides options"))
    let form = try reportForm(run)
    let range = try reportRange(run)
    let sheet = try ReportSheet.load(from: run.store(), range: range, targetWaitMinutes: run.settings.targetWaitMinutes)
    switch form {
    case .json: run.output(QueueJSON.string(ReportJSON(sheet)))
    // Every line ends CRLF, the last too: `output` adds the final LF after the CR.
    case .csv: run.output(String(ReportCSV.text(sheet).dropLast()) + "\r")
    case .table: run.output(ReportText.text(sheet))
    case .pdf(let path):
        do throws(ReportPDFError) { try ReportPDF.write(sheet, to: path) } catch {
            throw UsageError(localized("tessera queue report: cannot write %1$s: %2$s", path, error.description))
        }
        run.output(localized("Report for %1$s written to %2$s", sheet.range.description, path))
    }
    return 0
}

private enum ReportForm: Equatable {
    case table, json, csv, pdf(String)
}

/// One output form: `--json`, `--csv`, `--pdf FILE` or `--format`, at most one of them.
private func reportForm(_ run: QueueInvocation) throws -> ReportForm {
    var forms: [ReportForm] = []
    if run.json { forms.append(.json) }
    if run.options.has("csv") { forms.append(.csv) }
    if let path = run.options.strings["pdf"] {
        guard !path.isEmpty else { throw UsageError(localized("tessera queue report: --pdf needs a file name")) }
        forms.append(.pdf(path))
    }
    if let format = run.options.strings["format"] {
        switch format {
        case "csv": forms.append(.csv)
        case "json": forms.append(.json)
        default: throw UsageError(localized("tessera queue report: --format must be csv or json (not “%s”)", format))
        }
    }
    guard forms.count <= 1 else {
        throw UsageError(localized("tessera queue report: give one of --json, --csv and --pdf FILE"))
    }
    return forms.first ?? .table
}

/// `--day D`, or `--from A --to B` (either may be left out: `--to` is today, `--from` the day
/// of `--to`); refused when the range ends before it starts.
private func reportRange(_ run: QueueInvocation) throws -> ReportRange {
    let from = run.options.strings["from"]
    let to = run.options.strings["to"]
    if let day = run.options.strings["day"] {
        guard from == nil, to == nil else {
            throw UsageError(localized("tessera queue report: give --day for one day or --from and --to for a range, not both"))
        }
        return ReportRange(day: try businessDay(day, run: run))
    }
    let last = try businessDay(to ?? "today", run: run)
    let first = try from.map { try businessDay($0, run: run) } ?? last
    guard let range = ReportRange(first: first, last: last) else {
        throw UsageError(localized("tessera queue report: the range ends (%1$s) before it starts (%2$s); --from must not be after --to",
                                   last, first))
    }
    return range
}
