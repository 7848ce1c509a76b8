import FoundationEssentials
import Localization
import QueueCore
import QueueStore
import TesseraFeatures

/// `services list | add CODE NAME | set CODE | close CODE | open CODE`.
let servicesSubcommand = QueueSubcommand(
    name: "services", parameters: localized("list|add CODE NAME|set CODE|close CODE|open CODE"),
    summary: localized("List, add, change, close or open services"),
    options: [
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
        let services = try run.store().configuration().services.values.sorted { $0.code < $1.code }
        run.emit(services.map(serviceLine).joined(separator: "\n"), json: services)
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
    default:
        throw UsageError(localized("tessera queue services: expected list, add, set, close or open"))
    }
}

/// With a configuration file that describes the store, services are changed by editing it:
/// a change made here would be undone at the next start (opening and closing stay here).
private func refuseIfDefinedByFile(_ code: ServiceCode, run: QueueInvocation) throws {
    guard run.settings.setup != nil, let file = run.settings.file else { return }
    if run.settings.servicesDefinedByFile.contains(code) {
        throw StoreError.conflict(localized("service %1$s is defined in %2$s; edit [service:%3$s] there to change it", code, file, code))
    }
    throw StoreError.conflict(localized("the services are defined in %1$s; add a [service:%2$s] group there", file, code))
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

private func serviceLine(_ service: Service) -> String {
    let cap = service.dailyCap.map { localized("cap %d", $0) } ?? localized("no cap")
    return "\(service.code)\t\(service.name)\t\(service.isOpen ? "open" : "closed")\t\(service.colour)\t\(cap)\tweight \(service.priorityWeight)"
}
