import FoundationEssentials
import GtkKit
import QueueCore
import QueueStore
import TesseraFeatures

/// `tessera staff add|list|remove|pin`: who may sign in at a desk. PINs are read from standard
/// input (without echo, twice, from a terminal) and kept only as yescrypt hashes.
func runStaffCommand(_ arguments: [String]) -> Int32 {
    let usage = """
        Usage: tessera staff COMMAND [ARGUMENTS] [--database URL] [--config FILE]

        Commands:
          add NAME [--role staff|admin]  Add a staff member (then set a PIN with pin)
          list                           Staff who may sign in, their role and whether a PIN is set
          remove NAME                    The member can no longer sign in (their history stays)
          pin NAME                       Set the member's PIN (4 to 8 digits) from standard input

        Exit codes: 0 ok, 1 refused, 2 bad usage or input, 3 store unavailable.
        """
    guard let name = arguments.first, ["add", "list", "remove", "pin"].contains(name) else {
        if let first = arguments.first, ["--help", "-h", "help"].contains(first) {
            return StandardStreams.printOutput(usage) ? ExitStatus.success : ExitStatus.unavailable
        }
        printError(arguments.first.map { "tessera staff: unknown command “\($0)”\n\n\(usage)" } ?? usage)
        return ExitStatus.badInput
    }
    do {
        var specs = commonQueueOptions.filter { $0.name != "json" }
        if name == "add" { specs.append(OptionSpec(name: "role", kind: .string, argument: "staff|admin", help: "What the member may do (default: staff)")) }
        let options = try OptionContext.parse(Array(arguments.dropFirst()), program: "tessera staff \(name)",
                                              parameters: name == "list" ? "" : "NAME", summary: "", options: specs)
        let invocation = try QueueInvocation(command: "staff \(name)", options: options)
        guard let credentials = staffCredentials(of: try invocation.store()) else {
            throw UsageError("tessera staff: this kind of store keeps no staff PINs")
        }
        return invocation.finish(try StaffCommand(name: name, invocation: invocation, credentials: credentials).run())
    } catch let error as OptionParseError {
        printError(error.message)
        return ExitStatus.badInput
    } catch let error as UsageError {
        printError(error.description)
        return ExitStatus.of(error)
    } catch {
        printError("tessera staff \(name): \(error)")
        return ExitStatus.of(error)
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
            let member = try credentials.addStaff(name: try oneName(), role: role, at: invocation.now)
            invocation.output("\(member.name)  added as \(Self.roleName(member.role)) [\(member.id)]; set a PIN with: tessera staff pin \"\(member.name)\"")
        case "list":
            _ = try invocation.positional(0, "no arguments")
            let lines = try credentials.activeStaff().map {
                "\($0.member.name)  \(Self.roleName($0.member.role))  \($0.hasPin ? "PIN set" : "no PIN yet")"
            }
            invocation.output(lines.isEmpty ? "No staff yet; add one with: tessera staff add NAME" : lines.joined(separator: "\n"))
        case "remove":
            let member = try member(named: try oneName())
            try credentials.removeStaff(member.id)
            invocation.output("\(member.name)  removed: can no longer sign in")
        default:
            let member = try member(named: try oneName())
            let hash = try PinHash.make(try PinReader.read())
            try credentials.setPinHash(hash, for: member.id)
            invocation.output("\(member.name)  PIN set")
        }
        return ExitStatus.success
    }

    private func oneName() throws -> String { try invocation.positional(1, "one NAME")[0] }

    private func member(named name: String) throws -> StaffMember {
        guard let record = try credentials.activeStaff().first(where: { $0.member.name == name }) else {
            throw UsageError("tessera staff \(self.name): there is no staff member called \(name) (see tessera staff list)")
        }
        return record.member
    }

    static func role(_ text: String) throws -> StaffRole {
        switch text.lowercased() {
        case "staff", "clerk": .clerk
        case "supervisor": .supervisor
        case "admin", "administrator": .administrator
        default: throw UsageError("tessera staff add: --role must be staff or admin (not “\(text)”)")
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
