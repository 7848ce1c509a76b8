import Foundation
import QueueStoreTesting
import Testing

/// `tessera WORD --help`: each role and command has its own help listing only its options; an
/// unknown word is bad usage (exit 2) listing every word, with `--help` or without. No display
/// is needed for any of it.
@Suite(.offThePool) struct HelpCommandLineTests {
    private func tessera(_ arguments: String...) throws -> ProcessResult {
        try runTessera(arguments, environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
    }

    /// The long options a help text lists.
    private func options(in help: String) -> Set<String> {
        Set(help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "=" || $0 == "," })
            .filter { $0.hasPrefix("--") }.map(String.init))
    }

    @Test func eachRoleHasItsOwnHelpWithOnlyItsOptions() throws {
        let expected: [String: Set<String>] = [
            "demo": ["--database", "--config", "--theme"],
            "kiosk": ["--database", "--config", "--windowed", "--theme"],
            "desk": ["--desk", "--database", "--config", "--windowed", "--theme"],
            "desk-3": ["--desk", "--database", "--config", "--windowed", "--theme"],
            "board": ["--database", "--config", "--windowed", "--theme"],
            "admin": ["--database", "--config", "--windowed", "--theme"],
        ]
        for (role, wanted) in expected {
            for ask in ["--help", "-h"] {
                let help = try tessera(role, ask)
                #expect(help.status == 0, "\(role) \(ask): \(help.stderr)")
                #expect(help.stdout.contains("tessera \(role)"), "\(role): \(help.stdout)")
                #expect(options(in: help.stdout).subtracting(["--help"]) == wanted, "\(role): \(help.stdout)")
            }
        }
        let kiosk = try tessera("--database", "/tmp/x.db", "kiosk", "--help")
        #expect(kiosk.status == 0 && kiosk.stdout.contains("tessera kiosk"), "the word after an option's value")
        let general = try tessera("--help")
        #expect(general.status == 0)
        for word in ["demo", "kiosk", "desk", "board", "admin", "queue", "staff", "simulate", "gallery"] {
            #expect(general.stdout.contains(word), "tessera --help names \(word): \(general.stdout)")
        }
    }

    @Test func eachCommandHasItsOwnHelp() throws {
        for (command, says) in [("queue", "tessera queue COMMAND"), ("staff", "tessera staff COMMAND"),
                                ("simulate", "tessera simulate"), ("gallery", "tessera gallery")] {
            let help = try tessera(command, "--help")
            #expect(help.status == 0, "\(command): \(help.stderr)")
            #expect(help.stdout.contains(says), "\(command): \(help.stdout)")
            #expect(!help.stdout.contains("--windowed"), "\(command) --help is not the screens' help")
        }
    }

    @Test func anUnknownWordIsBadUsageListingTheWordsWithHelpOrWithout() throws {
        for arguments in [["bogus", "--help"], ["bogus"], ["bogus", "-h"], ["--windowed", "bogus", "--help"]] {
            let result = try runTessera(arguments, environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
            #expect(result.status == 2, "\(arguments): \(result.stdout)")
            #expect(result.stdout.isEmpty, "\(arguments): no help is printed")
            #expect(result.stderr.contains("unknown word 'bogus'"), "\(arguments): \(result.stderr)")
            for word in ["demo", "kiosk", "desk", "desk-N", "board", "admin", "queue", "staff", "simulate", "gallery"] {
                #expect(result.stderr.contains(word), "\(arguments): lists \(word): \(result.stderr)")
            }
        }
    }
}
