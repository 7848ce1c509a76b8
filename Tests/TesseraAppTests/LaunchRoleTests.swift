import TesseraApp
import TesseraFeatures
import XCTest

/// The role words of the command line, as the packaged unit passes its instance name
/// (`tessera@desk-3.service` runs `tessera desk-3`). No display needed.
final class LaunchRoleTests: XCTestCase {
    private func parse(_ word: String, desk: Int? = nil) throws -> LaunchOptions {
        try LaunchOptions.parse(arguments: [word], databaseURL: nil, configPath: nil, desk: desk, windowed: false)
    }

    func testDeskWithNumberIsTheDeskRoleAtThatDesk() throws {
        let options = try parse("desk-3")
        XCTAssertEqual(options.role, .desk)
        XCTAssertEqual(options.desk, 3)
        XCTAssertEqual(try parse("desk-3", desk: 3).desk, 3)
    }

    func testDeskNumberMustBePlainAndAgreeWithTheOption() {
        for word in ["desk-", "desk-x", "desk-+3", "desk--3", "desk-0"] {
            XCTAssertThrowsError(try parse(word), word)
        }
        XCTAssertThrowsError(try parse("desk-3", desk: 4)) { error in
            XCTAssertEqual("\(error)", "'desk-3' names desk 3 but --desk says 4")
        }
    }

    func testUnitInstanceNamesOfOtherRolesAreTheRoles() throws {
        XCTAssertEqual(try parse("kiosk").role, .kiosk)
        XCTAssertEqual(try parse("board").role, .board)
    }
}
