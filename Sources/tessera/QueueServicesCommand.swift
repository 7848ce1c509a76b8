import Foundation
import QueueCore
import QueueStore

/// `services list | add CODE NAME | set CODE | close CODE | open CODE`.
let servicesSubcommand = QueueSubcommand(
    name: "services", parameters: "list|add CODE NAME|set CODE|close CODE|open CODE",
    summary: "List, add, change, close or open services",
    options: [
        OptionSpec(name: "name", kind: .string, argument: "NAME", help: "set: the service's name"),
        OptionSpec(name: "colour", kind: .string, argument: "#RRGGBB", help: "add/set: colour on screens"),
        OptionSpec(name: "cap", kind: .integer, argument: "N", help: "add/set: most tickets per day (0: no cap)"),
        OptionSpec(name: "weight", kind: .integer, argument: "N", help: "add/set: priority weight 1–100"),
    ]
) { run in
    let arguments = run.options.positional
    switch arguments.first {
    case "list":
        _ = try run.positional(1, "no arguments after list")
        let services = try run.store().configuration().services.values.sorted { $0.code < $1.code }
        run.emit(services.map(serviceLine).joined(separator: "\n"), json: services)
        return 0
    case "add":
        let values = try run.positional(3, "add CODE NAME")
        let code = try run.serviceCode(values[1])
        guard try run.store().configuration().services[code] == nil else {
            throw StoreError.conflict("service \(code) exists already; change it with services set")
        }
        let service = try adjusted(Service(code: code, name: values[2]), run: run)
        return try run.perform(.setService(service)) { (_: CommandResult) in "service \(code) added" }
    case "set":
        let code = try run.serviceCode(try run.positional(2, "set CODE")[1])
        guard let existing = try run.store().configuration().services[code] else {
            throw StoreError.refused(.serviceNotFound(code))
        }
        let service = try adjusted(existing, run: run)
        return try run.perform(.setService(service)) { (_: CommandResult) in "service \(code) changed" }
    case "close", "open":
        let code = try run.serviceCode(try run.positional(2, "\(arguments[0]) CODE")[1])
        let command: Command = arguments[0] == "open" ? .openService(code) : .closeService(code)
        return try run.perform(command) { (_: CommandResult) in "service \(code) \(arguments[0] == "open" ? "opened" : "closed")" }
    default:
        throw UsageError(message: "tessera queue services: expected list, add, set, close or open")
    }
}

/// The service with the options given on the command line applied, validated (bad values: exit 2).
private func adjusted(_ original: Service, run: QueueInvocation) throws -> Service {
    var service = original
    if let name = run.options.strings["name"] { service.name = name }
    if let colour = run.options.strings["colour"] { service.colour = colour }
    if let cap = run.options.integers["cap"] { service.dailyCap = cap == 0 ? nil : cap }
    if let weight = run.options.integers["weight"] { service.priorityWeight = weight }
    do { try ConfigurationValidator.check(service) } catch {
        throw UsageError(message: "tessera queue services: \(error.description)")
    }
    return service
}

private func serviceLine(_ service: Service) -> String {
    let cap = service.dailyCap.map { "cap \($0)" } ?? "no cap"
    return "\(service.code)\t\(service.name)\t\(service.isOpen ? "open" : "closed")\t\(service.colour)\t\(cap)\tweight \(service.priorityWeight)"
}
