import Foundation

func runQueueCommand(_ arguments: [String]) -> Int32 {
    do {
        let parsed = try parseOptions(arguments, command: arguments.first ?? "", parameters: "X", summary: "s", specs: [
            OptionSpec(name: "desk", kind: .integer, argument: "N", help: "desk"),
            OptionSpec(name: "json", kind: .flag, help: "json"),
            OptionSpec(name: "database", kind: .string, argument: "URL", help: "db"),
        ])
        print(parsed)
        return 0
    } catch {
        FileHandle.standardError.write(Data((error.message + "\n").utf8))
        return 2
    }
}
