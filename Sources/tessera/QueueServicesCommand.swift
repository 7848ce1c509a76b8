import FoundationEssentials
import Localization
import QueueCore
import QueueStore
import TesseraFeatures

/// `services list | add CODE NAME | set CODE | close CODE | open CODE | remove CODE`.
let servicesSubcommand = QueueSubcommand(
    name: "services", parameters: localized("list|add CODE NAME|set CODE|close CODE|open CODE|remove CODE"),
    summary: localized("List, add, change, close, open or remove services"),
    options: [
        OptionSpec(name: "transfer-to", kind: .string, argument: "CODE",
                   help: localized("remove: move the service's waiting and parked tickets to this service first")),
        OptionSpec(name: "name", kind: .string, argument: "NAME", help: localized("set: the service's name")),
        OptionSpec(name: "colour", kind: .string, argument: "#RRGGBB", help: localized("add/set: colour on screens")),
        OptionSpec(name: "cap", kind: .integer, argument: "N", help: localized("add/set: most tickets per day (0: no cap)")),
        OptionSpec(name: "weight", kind: .integer, argument: "N", help: localized("add/set: priority weight 1–100")),
    ] + namesInLanguages
) { run in
    let arguments = run.options.positional
    switch arguments.first {
    case "list":
        _ = try run.positional(1, localized("no arguments after list"))
        let configuration = try run.store().configuration()
        let availability = try ServiceAvailabilities.read(from: run.store(), configuration: configuration, at: run.now)
        let services = configuration.services.values.sorted { $0.code < $1.code }
            .map { ListedService(service: $0, availability: availability[$0.code] ?? .closed) }
        run.emit(services.map(\.line).joined(separator: "\n"), json: services)
        return 0
    case "add":
        let values = try run.positional(3, localized("add CODE NAME"))
        let code = try run.serviceCode(values[1])
        try refuseIfDefinedByFile(code, run: run)
        let added = try adjusted(Service(code: code, name: values[2]), run: run)
        return try run.perform(building: { (configuration) throws(StoreError) -> Command in
            guard configuration.services[code] == nil else {
                throw .conflict(localized("service %s exists already; change it with services set", code))
            }
            return .setService(added)
        }, summary: { _ in localized("service %s added", code) })
    case "set":
        let code = try run.serviceCode(try run.positional(2, localized("set CODE"))[1])
        try refuseIfDefinedByFile(code, run: run)
        let changes = ServiceChanges(run: run)
        // Read and written in one transaction, so a concurrent `services close` is not undone.
        return try run.perform(building: { (configuration) throws(StoreError) -> Command in
            guard let existing = configuration.services[code] else { throw .refused(.serviceNotFound(code)) }
            return .setService(try changes.applied(to: existing))
        }, summary: { _ in localized("service %s changed", code) })
    case "close", "open":
        let code = try run.serviceCode(try run.positional(2, "\(arguments[0]) CODE")[1])
        let command: Command = arguments[0] == "open" ? .openService(code) : .closeService(code)
        return try run.perform(command) { (_: CommandResult) in "service \(code) \(arguments[0] == "open" ? "opened" : "closed")" }
    case "remove":
        return try removeService(run: run)
    default:
        throw UsageError(localized("tessera queue services: expected list, add, set, close, open or remove"))
    }
}

/// A service the configuration file defines is changed by editing it: a change made here would
/// be undone at the next start (opening and closing stay here). The store's own services (added
/// here or on an administrator's page) are changed here, file or not.
private func refuseIfDefinedByFile(_ code: ServiceCode, run: QueueInvocation) throws {
    guard let place = run.settings.definition(of: code) else { return }
    throw StoreError.conflict(localized("service %1$s is %2$s; edit [service:%3$s] there to change it", code, place.description, code))
}

/// `services remove CODE [--transfer-to CODE]`: refused while tickets wait for the service,
/// unless they are moved. Run before the file is applied, so tickets a changed file would strand
/// (the file refused at start) can be moved; the file is applied afterwards.
private func removeService(run: QueueInvocation) throws -> Int32 {
    let code = try run.serviceCode(try run.positional(2, localized("remove CODE"))[1])
    let target = try run.options.strings["transfer-to"].map { try run.serviceCode($0) }
    if target == code {
        throw UsageError(localized("tessera queue services remove: --transfer-to names the service the tickets move to, not %s itself", code))
    }
    if let place = run.settings.definition(of: code) {
        throw StoreError.conflict(localized("service %1$s is %2$s; remove its [service:%3$s] group there", code, place.description, code))
    }
    let store = try run.storeBeforeTheFile()
    let status: Int32
    do {
        status = try run.perform(.removeService(code, transferTo: target), summary: { result in
            let moved = result.events.filter { $0.event.kind == .ticketTransferred }.count
            guard let target, moved > 0 else { return localized("service %s removed", code) }
            return localizedPlural("service %1$s removed; %2$d ticket moved to %3$s", "service %1$s removed; %2$d tickets moved to %3$s",
                                   count: moved, code, moved, target)
        })
    } catch StoreError.refused(.ticketsWouldWait(let services)) where target == nil {
        throw StoreError.conflict(services.map(QueueWords.stranded).joined(separator: " ") + " "
            + localized("With --transfer-to CODE they move to service CODE."))
    }
    try run.settings.apply(to: store, at: run.now)
    return status
}

/// `--name-cy=NAME`, one for each language with a catalog (those a kiosk or board can be in):
/// the service's name in it, as `[service:X] name[cy]` gives it.
private let namesInLanguages: [OptionSpec] = Catalog.languages().map { language in
    // TRANSLATORS: help of `services add/set --name-cy`. %1$s: the language's name in itself ("Cymraeg");
    // %2$s: its code ("cy"), as the configuration file writes it.
    OptionSpec(name: "name-" + language, kind: .string, argument: "NAME",
               help: localized("add/set: the service's name in %1$s, as name[%2$s] in the file (empty: none)",
                               Language(language).name, language))
}

/// The fields `services add/set` change, from the command line; applied to the service as it
/// stands in the store, inside the write transaction.
private struct ServiceChanges: Sendable {
    var name: String?
    /// By locale; an empty name takes that language's away.
    var localizedNames: [String: String] = [:]
    var colour: String?
    var cap: Int?
    var weight: Int?

    init(run: QueueInvocation) {
        name = run.options.strings["name"]
        for option in namesInLanguages {
            if let text = run.options.strings[option.name] { localizedNames[String(option.name.dropFirst("name-".count))] = text }
        }
        colour = run.options.strings["colour"]
        cap = run.options.integers["cap"]
        weight = run.options.integers["weight"]
    }

    /// `original` with these changes, validated (bad values: exit 2).
    func applied(to original: Service) throws(StoreError) -> Service {
        var service = original
        if let name { service.name = name }
        for (locale, text) in localizedNames {
            service.localizedNames[locale] = text.isEmpty ? nil : text
        }
        if let colour { service.colour = colour }
        if let cap { service.dailyCap = cap == 0 ? nil : cap }
        if let weight { service.priorityWeight = weight }
        do { try ConfigurationValidator.check(service) } catch {
            throw .badInput(error.description)
        }
        return service
    }
}

/// A new service with the command line's options applied, validated (bad values: exit 2).
private func adjusted(_ original: Service, run: QueueInvocation) throws -> Service {
    try ServiceChanges(run: run).applied(to: original)
}

/// One line of `services list`: the service and whether it gives tickets now, in the words the
/// kiosk and the board use (`AvailabilityWords`); as JSON the service's fields, `availability`
/// (`open`, `closed`, `out-of-hours`, `at-cap`) and `said` (those words).
private struct ListedService: Encodable {
    let service: Service
    let availability: ServiceAvailability

    private enum Key: String, CodingKey { case availability, said }

    func encode(to encoder: any Encoder) throws {
        try service.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(availability.name, forKey: .availability)
        try container.encode(AvailabilityWords.said(availability), forKey: .said)
    }

    var line: String {
        let cap = service.dailyCap.map { localized("cap %d", $0) } ?? localized("no cap")
        // TRANSLATORS: services list, the hours column of a service without opening hours.
        let hours = service.openingHours.map { "\($0.opens)-\($0.closes)" } ?? localized("any time")
        return [service.code.rawValue, service.name, AvailabilityWords.said(availability), hours, service.colour, cap,
                "weight \(service.priorityWeight)"].joined(separator: "\t")
    }
}
