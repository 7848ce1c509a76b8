import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing

/// `tessera staff`: adding staff, PINs from standard input kept only as yescrypt hashes.
@Suite(.offThePool) struct StaffCommandLineTests {
    let scratch = ScratchDirectory()
    var database: String { scratch.path("queue.db") }

    private func staff(_ arguments: String..., input: String? = nil) throws -> ProcessResult {
        try runTessera(["staff"] + arguments + ["--database", database], input: input)
    }

    @Test func addPinListRemove() throws {
        #expect(try staff("add", "Ada", input: "2468\n").status == 0)
        #expect(try staff("add", "Bea", "--role", "admin", input: "1357\n").status == 0)
        #expect(try staff("list").stdout == "Ada  staff  PIN set\nBea  admin  PIN set\n")
        let pin = try staff("pin", "Ada", input: "27184\n")
        #expect(pin.status == 0)
        #expect(!(pin.stdout + pin.stderr).contains("27184"), "the PIN is never printed")
        #expect(try staff("list").stdout.contains("Ada  staff  PIN set"))
        let store = try openStore(url: database)
        let credentials = try #require(staffCredentials(of: store))
        let ada = try #require(try credentials.activeStaff().first { $0.member.name == "Ada" })
        let hash = try #require(try credentials.pinHash(of: ada.member.id))
        #expect(hash.hasPrefix("$y$"))
        #expect(try staff("remove", "Bea").status == 0)
        #expect(try staff("list").stdout == "Ada  staff  PIN set\n")
    }

    /// `staff add NAME` takes the PIN in the same step (one line of standard input here; at a
    /// terminal it asks twice): nobody is left able to sign in without one.
    @Test func addTakesThePinInTheSameStep() throws {
        let added = try staff("add", "Ada", input: "2468\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Ada  added as staff") && !(added.stdout + added.stderr).contains("2468"), "\(added.stdout)")
        #expect(try staff("list").stdout == "Ada  staff  PIN set\n")
        let credentials = try #require(staffCredentials(of: try openStore(url: database)))
        let ada = try #require(try credentials.activeStaff().first { $0.member.name == "Ada" })
        #expect(try credentials.pinHash(of: ada.member.id)?.hasPrefix("$y$") == true, "kept only as a yescrypt hash")

        let bad = try staff("add", "Bea", input: "12x\n")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("tessera staff add: A PIN is 4 to 8 digits.") && !bad.stderr.contains("12x"), "\(bad.stderr)")
        let none = try staff("add", "Cy")
        #expect(none.status == 2)
        #expect(none.stderr.contains("tessera staff add: no PIN on standard input"), "\(none.stderr)")
        #expect(try staff("list").stdout == "Ada  staff  PIN set\n", "a bad PIN or none adds nobody")
        let help = try staff("add", "--help")
        #expect(help.status == 0 && help.stdout.contains("PIN") && help.stdout.contains("standard input"), "\(help.stdout)")
    }

    @Test func badInputIsExitTwoAndTheBadPinIsNotRepeated() throws {
        #expect(try staff("add", "Ada", input: "2468\n").status == 0)
        let short = try staff("pin", "Ada", input: "12x\n")
        #expect(short.status == 2)
        #expect(short.stderr.contains("A PIN is 4 to 8 digits.") && !short.stderr.contains("12x"))
        #expect(try staff("pin", "Nobody", input: "1234\n").status == 2)
        #expect(try staff("add", "Ada", input: "1357\n").status == 1, "an active member already has the name")
        #expect(try staff("add", "Cy", "--role", "boss", input: "1357\n").status == 2)
        #expect(try staff("fire", "Ada").status == 2)
    }

    /// A name that differs only in case is the same person's to whoever reads the desk's list.
    @Test func staffNamesAreUniqueRegardlessOfCase() throws {
        #expect(try staff("add", "Siân", input: "2468\n").status == 0)
        for spelling in ["siân", "SIÂN", "Sia\u{302}n"] {
            let again = try staff("add", spelling, input: "1357\n")
            #expect(again.status == 1, "\(spelling): refused by the store's rule")
            #expect(again.stderr.contains("There is already a staff member called Siân"), "\(again.stderr)")
        }
        #expect(try staff("list").stdout == "Siân  staff  PIN set\n")
        #expect(try staff("pin", "siân", input: "27184\n").status == 0, "the member is found in either case")
    }
}
