import Glibc
import GtkKit
import Localization
import TesseraFeatures

/// `tessera [WORD] --help`: the help of the role asked about, with only its options; of
/// `tessera` itself without a word; an unknown word is bad usage (exit 2) listing the words.
/// Answered before GApplication parses anything: its own `--help` knows one option set for
/// every word, and would print it, exit 0, for a word it never checked.
enum LaunchHelp {
    /// The options that take a value, so their value is not read as the word.
    private static let valued: Set<String> = ["--database", "--config", "--desk", "--theme"]
    private static let asks: Set<String> = ["-h", "--help", "--help-all", "--help-gapplication"]

    /// nil when `arguments` (without the program) ask for no help; otherwise prints the help
    /// (GLib's own layout; it ends the process with 0) or the problem, and returns exit 2.
    static func answer(_ arguments: [String], options: [CommandOption]) -> Int32? {
        let given = arguments.prefix { $0 != "--" }
        guard given.contains(where: asks.contains) else { return nil }
        var word: String?
        var index = given.startIndex
        while index < given.endIndex {
            let argument = given[index]
            if valued.contains(argument) { index += 2; continue }
            if !argument.hasPrefix("-") { word = argument; break }
            index += 1
        }
        guard let word else {
            help(program: "tessera", parameters: "[WORD]", summary: general, options: options.filter { $0.name == "version" })
        }
        let isDesk = word.hasPrefix("desk-") && !word.dropFirst(5).isEmpty && word.dropFirst(5).allSatisfy { ("0"..."9").contains($0) }
        guard let role = LaunchOptions.Role(rawValue: isDesk ? "desk" : word) else {
            printError(localized("tessera: %s\nRun 'tessera --help' for the options.", LaunchOptions.unknownWord(word)))
            return ExitStatus.badInput
        }
        help(program: "tessera \(word)", parameters: "", summary: summary(of: role),
             options: options.filter { roleOptions(role).contains($0.name) })
    }

    /// The options `role` takes.
    static func roleOptions(_ role: LaunchOptions.Role) -> Set<String> {
        switch role {
        case .demo: ["database", "config", "theme"]
        case .kiosk, .board, .admin: ["database", "config", "windowed", "theme"]
        case .desk: ["desk", "database", "config", "windowed", "theme"]
        }
    }

    private static func summary(of role: LaunchOptions.Role) -> String {
        switch role {
        case .demo: localized("The kiosk, a desk and the board side by side in one window, on one store; its desk has a Demo member (PIN 1234) while the store has no staff.")
        case .kiosk: localized("The customers' screen: a button per service gives a ticket, printed if [kiosk] printer is set.")
        case .desk: localized("A staff desk: sign in with a PIN, then call, serve and move tickets. desk-N is desk --desk N.")
        case .board: localized("The now-serving board: the tickets called to each desk, announced, and each service's queue.")
        case .admin: localized("The administrator's page on its own: sign in with an administrator's PIN, then services, desks and staff.")
        }
    }

    private static var general: String {
        localized("WORD is a screen: demo (the default), kiosk, desk (desk-N), board, admin;\nor a command: queue, staff, simulate, gallery.\nRun tessera WORD --help for its options.")
    }

    /// GLib's `--help` for these options: printed to standard output, then the process exits 0.
    private static func help(program: String, parameters: String, summary: String, options: [CommandOption]) -> Never {
        _ = try? OptionContext.parse(["--help"], program: program, parameters: parameters, summary: summary, options: options)
        exit(ExitStatus.success)
    }
}
