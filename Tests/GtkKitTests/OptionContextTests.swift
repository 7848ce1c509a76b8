import GtkKit
import XCTest

/// GLib's option parser through `OptionContext`: no display needed.
final class OptionContextTests: XCTestCase {
    private let options = [
        CommandOption(name: "desk", kind: .integer, argument: "N", help: "A desk"),
        CommandOption(name: "to", kind: .string, argument: "SERVICE", help: "A service"),
        CommandOption(name: "json", kind: .flag, help: "JSON"),
    ]

    func testParsesEveryKindAndKeepsPositionalArgumentsInOrder() throws {
        let parsed = try OptionContext.parse(
            ["C012", "--desk", "3", "--to=R", "--json", "extra"], program: "tessera test", parameters: "TICKET",
            summary: "", options: options)
        XCTAssertEqual(parsed.integers["desk"], 3)
        XCTAssertEqual(parsed.strings["to"], "R")
        XCTAssertTrue(parsed.has("json"))
        XCTAssertEqual(parsed.positional, ["C012", "extra"])
    }

    func testAbsentOptionsStayAbsent() throws {
        let parsed = try OptionContext.parse([], program: "tessera test", parameters: "", summary: "", options: options)
        XCTAssertNil(parsed.integers["desk"])
        XCTAssertNil(parsed.strings["to"])
        XCTAssertFalse(parsed.has("json"))
        XCTAssertEqual(parsed.positional, [])
    }

    func testBadInputNamesTheProgramAndTheProblem() {
        for arguments in [["--bogus"], ["--desk", "three"], ["--to"]] {
            XCTAssertThrowsError(try OptionContext.parse(
                arguments, program: "tessera test", parameters: "", summary: "", options: options)
            ) { error in
                let message = (error as? OptionParseError)?.message ?? ""
                XCTAssertTrue(message.hasPrefix("tessera test: "), message)
                XCTAssertTrue(message.contains("--help"), message)
            }
        }
    }
}
