import FoundationEssentials
import Localization
import QueueCore
import QueueStore
import TesseraFeatures

/// `tessera queue <command> [--database URL] [--json]`: the queue without a display.
/// Exit codes: 0 ok, 1 refused by the queue rules, 2 bad usage or input, 3 store unavailable,
/// 4 output lost (docs/architecture/contracts.md).
func runQueueCommand(_ given: [String]) -> Int32 {
    let arguments = commandFirst(given)
    guard let name = arguments.first, !name.hasPrefix("-") || name == "--help" || name == "-h" else {
        printError(queueUsage())
        return ExitStatus.badInput
    }
    if name == "--help" || name == "-h" || name == "help" {
        return StandardStreams.printOutput(queueUsage()) ? ExitStatus.success : ExitStatus.outputLost
    }
    guard let command = queueSubcommands.first(where: { $0.name == name }) else {
        printError(localized("tessera queue: unknown command “%1$s”\n\n%2$s", name, queueUsage()))
        return ExitStatus.badInput
    }
    do {
        let options = try parseOptions(
            Array(arguments.dropFirst()), command: name, parameters: command.parameters,
            summary: command.summary, specs: command.options + commonQueueOptions)
        let invocation = try QueueInvocation(command: name, options: options)
        return invocation.finish(try command.run(invocation))
    } catch let error as UsageError {
        printError(error.description)
        return ExitStatus.of(error)
    } catch let error as SettingsFileError {
        printError("\(error)")
        return ExitStatus.of(error)
    } catch {
        printError(localized("tessera queue %1$s: %2$s", name, QueueWords.describe(error)))
        return ExitStatus.of(error)
    }
}

/// Moves the command name to the front, so the common options may come before it
/// (`tessera queue --database X status`).
private func commandFirst(_ arguments: [String]) -> [String] {
    var index = 0
    while index < arguments.count, arguments[index].hasPrefix("-"), arguments[index] != "--help", arguments[index] != "-h" {
        index += ["--database", "--config"].contains(arguments[index]) ? 2 : 1
    }
    guard index > 0, index < arguments.count else { return arguments }
    var reordered = arguments
    let name = reordered.remove(at: index)
    return [name] + reordered
}

/// One `tessera queue` command: its options and what it does.
struct QueueSubcommand: Sendable {
    let name: String
    /// Positional parameters as `--help` shows them (`SERVICE`).
    let parameters: String
    let summary: String
    var options: [OptionSpec] = []
    var hidden = false
    let run: @Sendable (QueueInvocation) throws -> Int32
}

let commonQueueOptions = [
    OptionSpec(name: "database", kind: .string, argument: "URL",
               help: localized("sqlite:///path/queue.db, a path, or postgresql://user@host/db (default: $XDG_DATA_HOME/tessera/queue.db)")),
    OptionSpec(name: "config", kind: .string, argument: "FILE",
               help: localized("Configuration file (default %s if it exists)", TesseraSettings.systemPath)),
    OptionSpec(name: "json", kind: .flag, help: localized("Print JSON for scripts instead of text")),
]

let queueSubcommands: [QueueSubcommand] = ticketSubcommands + deskSubcommands + viewSubcommands
    + [reportSubcommand, servicesSubcommand, migrateSubcommand, stressSubcommand]

func queueUsage() -> String {
    let lines = queueSubcommands.filter { !$0.hidden }.map { command in
        "  \(command.name + String(repeating: " ", count: max(0, 10 - command.name.count))) \(command.summary)"
    }
    // One literal with \n, not a multi-line one: xgettext reads Swift with its C lexer.
    return localized("Usage: tessera queue COMMAND [ARGUMENTS] [--database URL] [--config FILE] [--json]\n\nCommands:\n%s\n\nService codes are 1 to 3 letters A–Z in either case; names are one line of at most\n80 characters; numbers are decimal (--desk 010 is desk 10); -- ends the options.\n\nExit codes: 0 ok, 1 refused by the queue rules, 2 bad usage or input (also naming a\nservice, desk or ticket that does not exist), 3 store unavailable (corrupt, not a\nTessera database, read-only, full, locked), 4 done but the result could not be written.\nRun tessera queue COMMAND --help for a command's options.",
                     lines.joined(separator: "\n"))
}
