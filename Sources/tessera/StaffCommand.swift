import FoundationEssentials
import GtkKit
import Localization
import QueueCore
import QueueStore
import TesseraFeatures

/// `tessera staff add|list|remove|pin`: who may sign in at a desk. PINs are read from standard
/// input (without echo, twice, from a terminal) and kept only as yescrypt hashes.
func runStaffCommand(_ arguments: [String]) -> Int32 {
    // One literal with \n, not a multi-line one: xgettext reads Swift with its C lexer.
    let usage = localized("Usage: tessera staff COMMAND [ARGUMENTS] [--database URL] [--config FILE]\n\nCommands:\n  add NAME [--role staff|admin]  Add a staff member with their PIN (4 to 8 digits)\n  list                           Staff who may sign in, their role and whether a PIN is set\n  remove NAME                    The member can no longer sign in (their history stays)\n  pin NAME                       Set a new PIN for the member\n\nA PIN is read from standard input (one line, echo 2468 | tessera staff add Sam), or, at a\nterminal, typed twice without being shown.\n\nExit codes: 0 ok, 1 refused, 2 bad usage or input, 3 store unavailable.")
    guard let name = arguments.first, ["add", "list", "remove", "pin"].contains(name) else {
        if let first = arguments.first, ["--help", "-h", "help"].contains(first) {
            return StandardStreams.printOutput(usage) ? ExitStatus.success : ExitStatus.unavailable
        }
        printError(arguments.first.map { localized("tessera staff: unknown command “%1$s”\n\n%2$s", $0, usage) } ?? usage)
        return ExitStatus.badInput
    }
    do {
        var specs = commonQueueOptions.filter { $0.name != "json" }
        if name == "add" { specs.append(OptionSpec(name: "role", kind: .string, argument: "staff|admin", help: localized("What the member may do (default: staff)"))) }
        let options = try OptionContext.parse(Array(arguments.dropFirst()), program: "tessera staff \(name)",
                                              parameters: name == "list" ? "" : "NAME", summary: summary(of: name), options: specs)
        let invocation = try QueueInvocation(command: "staff \(name)", options: options)
        guard let credentials = staffCredentials(of: try invocation.store()) else {
            throw UsageError(localized("tessera staff: this kind of store keeps no staff PINs"))
        }
        return invocation.finish(try StaffCommand(name: name, invocation: invocation, credentials: credentials).run())
    } catch let error as OptionParseError {
        printError(error.message)
        return ExitStatus.badInput
    } catch let error as UsageError {
        printError(error.description)
        return ExitStatus.of(error)
    } catch {
        printError(localized("tessera staff %1$s: %2$s", name, QueueWords.describe(error)))
        return ExitStatus.of(error)
    }
}

/// What `tessera staff COMMAND --help` says the command does.
private func summary(of command: String) -> String {
    switch command {
    case "add": localized("Adds a staff member with their PIN (4 to 8 digits): one line on standard input, or typed twice at a terminal, not shown.")
    case "pin": localized("Sets a new PIN (4 to 8 digits) for the member: one line on standard input, or typed twice at a terminal, not shown.")
    case "remove": localized("The member can no longer sign in (their history stays).")
    default: localized("Staff who may sign in, their role and whether a PIN is set.")
    }
}

private struct StaffCommand {
    let name: String
    let invocation: QueueInvocation
    let credentials: any StaffCredentials

    func run() throws -> Int32 {
        switch name {
        case "add":
            let role = try Self.role(invocation.options.strings["role"] ?? "staff")
            let name = try oneName()
            // The PIN first: a bad one (or none) adds nobody, and nobody is left without a PIN.
            let hash = try PinHash.make(try PinReader.read(for: "staff add"))
            // Written with the member's credentials row in one statement: never listed without it.
            let member = try credentials.addStaff(name: name, role: role, pinHash: hash, by: nil, at: invocation.now)
            invocation.output(localized("%1$s  added as %2$s [%3$s] with a PIN", member.name, Self.roleName(member.role), member.id))
        case "list":
            _ = try invocation.positional(0, localized("no arguments"))
            let lines = try credentials.activeStaff().map {
                "\($0.member.name)  \(Self.roleName($0.member.role))  \($0.hasPin ? "PIN set" : "no PIN yet")"
            }
            invocation.output(lines.isEmpty ? localized("No staff yet; add one with: tessera staff add NAME") : lines.joined(separator: "\n"))
        case "remove":
            let member = try member(named: try oneName())
            try credentials.removeStaff(member.id)
            invocation.output(localized("%s  removed: can no longer sign in", member.name))
        default:
            let member = try member(named: try oneName())
            let hash = try PinHash.make(try PinReader.read(for: "staff pin"))
            try credentials.setPinHash(hash, for: member.id)
            invocation.output(localized("%s  PIN set", member.name))
        }
        return ExitStatus.success
    }

    private func oneName() throws -> String { try invocation.positional(1, localized("one NAME"))[0] }

    private func member(named name: String) throws -> StaffMember {
        guard let record = try credentials.activeStaff().first(where: { StaffMember.sameName($0.member.name, name) }) else {
            throw UsageError(localized("tessera staff %1$s: there is no staff member called %2$s (see tessera staff list)", self.name, name))
        }
        return record.member
    }

    static func role(_ text: String) throws -> StaffRole {
        switch text.lowercased() {
        case "staff", "clerk": .clerk
        case "supervisor": .supervisor
        case "admin", "administrator": .administrator
        default: throw UsageError(localized("tessera staff add: --role must be staff or admin (not “%s”)", text))
        }
    }

    static func roleName(_ role: StaffRole) -> String {
        switch role {
        case .clerk: "staff"
        case .supervisor: "supervisor"
        case .administrator: "admin"
        }
    }
}
