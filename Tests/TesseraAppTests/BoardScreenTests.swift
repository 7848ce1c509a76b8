import Foundation
import GtkKit
import Localization
import QueueCore
import QueueStore
import QueueStoreTesting
import TesseraFeatures
import TesseraStyle
import XCTest
@testable import TesseraApp

/// The board screen shows its model on widgets made once; every check asks GTK (label text,
/// CSS classes, the accessible description, the box's orientation).
final class BoardScreenTests: ScreenTestCase {
    /// Announces nothing, at once.
    private struct QuietAnnouncer: CallAnnouncer {
        func announce(_ call: BoardCall) async {}
    }

    @MainActor static func board(_ store: ScriptedStore, width: Int32 = 1600, height: Int32 = 900,
                                 time: any TimeSource = GLibTimeSource(), highContrast: Bool = false,
                                 language: Language = .locale) throws -> BoardScreen
    {
        MainQueueBridge.install()
        let model = BoardModel(store: store, time: time, announcer: QuietAnnouncer(),
                               timing: BoardModel.Timing(minimumHighlight: .milliseconds(400)))
        var followed = false
        Task {
            try await model.follow()
            followed = true
        }
        XCTAssertTrue(MainContext.iterate(until: { followed }, timeout: .seconds(10)))
        let screen = BoardScreen(model: model, language: language, highContrast: highContrast)
        let window = Window()
        window.setDefaultSize(width: width, height: height)
        window.child = screen.root
        window.present()
        windows.append(window)
        XCTAssertTrue(MainContext.iterate(until: { screen.root.isMapped }, timeout: .seconds(10)))
        return screen
    }

    private static func call(_ store: ScriptedStore, desk: Int) throws {
        _ = try store.perform(.callNext(desk: DeskNumber(rawValue: desk)), at: Date())
    }

    @MainActor private static func flashClass(_ screen: BoardScreen) -> String? {
        ["board-flash-a", "board-flash-b"].first { screen.banner.hasCSSClass($0) }
    }

    func testACallFlashesTheBannerUntilItsTimeIsUpAndEachNewCallFlashesAgain() throws {
        let store = try ScriptedStore()
        for _ in 0..<3 { _ = try store.perform(.issue(service: "C"), at: Date()) }
        try MainActor.assumeIsolated {
            let screen = try Self.board(store)
            XCTAssertFalse(screen.banner.isVisible, "no call yet")
            XCTAssertEqual(screen.heading.text, "Please wait to be called")
            try Self.call(store, desk: 1)
            try Self.call(store, desk: 2)
            XCTAssertTrue(MainContext.iterate(until: { screen.bannerCode.text == "C001" }, timeout: .seconds(5)))
            let first = try XCTUnwrap(Self.flashClass(screen), "the new call flashes")
            XCTAssertEqual(screen.bannerCode.accessibleDescription, "Now calling")
            XCTAssertEqual(screen.bannerDesk.text, "Desk 1")
            XCTAssertTrue(MainContext.iterate(until: { screen.bannerCode.text == "C002" }, timeout: .seconds(5)))
            let second = try XCTUnwrap(Self.flashClass(screen))
            XCTAssertNotEqual(first, second, "a call right after another starts the flash again")
            XCTAssertTrue(MainContext.iterate(until: { Self.flashClass(screen) == nil }, timeout: .seconds(5)))
            XCTAssertEqual(screen.bannerCode.text, "C002", "the newest call stays, no longer flashing")
            XCTAssertEqual(screen.bannerCode.accessibleDescription, "Last call")
            XCTAssertEqual(screen.heading.text, "Last call")
        }
    }

    /// `name[cy]` for the store, a service and a desk: a Welsh board shows them in Welsh, and the
    /// plain name where none was given.
    func testAWelshBoardShowsTheWelshNames() throws {
        let store = try ScriptedStore()
        var configuration = try store.configuration()
        configuration.storeName = "High Street"
        configuration.localizedStoreNames = ["cy": "Stryd Fawr"]
        configuration.services["C"]?.localizedNames = ["cy": "Clicio a Chasglu"]
        _ = try store.perform(.configure(configuration), at: Date())
        var desk = try XCTUnwrap(try store.desks().first { $0.number == 1 })
        desk.name = "Front Office"
        desk.localizedNames = ["cy": "Swyddfa Flaen"]
        _ = try store.perform(.setDesk(desk), at: Date())
        _ = try store.perform(.issue(service: "C"), at: Date())
        try MainActor.assumeIsolated {
            let screen = try Self.board(store, language: Language("cy"))
            XCTAssertEqual(screen.storeName.text, "Stryd Fawr")
            XCTAssertEqual(screen.tiles.tiles["C"]?.name.text, "Clicio a Chasglu")
            XCTAssertEqual(screen.tiles.tiles["R"]?.name.text, "Returns", "no Welsh name: its own")
            try Self.call(store, desk: 1)
            XCTAssertTrue(MainContext.iterate(until: { screen.currentRows[0].text == "C001" }, timeout: .seconds(5)))
            XCTAssertEqual(screen.currentRows[1].text, "Swyddfa Flaen")
            XCTAssertEqual(screen.bannerDesk.text, "Swyddfa Flaen")
        }
    }

    func testRowsAreFilledInPlaceNeverRebuilt() throws {
        let store = try ScriptedStore()
        for _ in 0..<4 { _ = try store.perform(.issue(service: "C"), at: Date()) }
        try MainActor.assumeIsolated {
            let screen = try Self.board(store)
            let rows = screen.currentRows.map(\.widgetPointer)
            let services = screen.tiles.tiles.mapValues { $0.count.widgetPointer }
            XCTAssertEqual(screen.tiles.tiles["C"]?.count.text, "4 waiting")
            try Self.call(store, desk: 1)
            try Self.call(store, desk: 3)
            XCTAssertTrue(MainContext.iterate(until: { screen.currentRows[0].text == "C002" }, timeout: .seconds(5)))
            XCTAssertEqual(screen.currentRows.prefix(4).map(\.text), ["C002", "Desk 3", "C001", "Desk 1"])
            XCTAssertEqual(screen.currentRows.map(\.isVisible), [true, true, true, true] + Array(repeating: false, count: 4))
            XCTAssertEqual(screen.tiles.tiles["C"]?.count.text, "2 waiting")
            XCTAssertEqual(screen.currentRows.map(\.widgetPointer), rows)
            XCTAssertEqual(screen.tiles.tiles.mapValues { $0.count.widgetPointer }, services)
        }
    }

    /// A service that gives no ticket now says why on its tile, in the kiosk's words: closed by
    /// staff "Closed", out of hours when it opens; an open one says nothing of it.
    func testATileSaysWhyItsServiceGivesNoTicketInTheKiosksWords() throws {
        let store = try ScriptedStore()
        _ = try store.perform(.closeService("R"), at: Date())
        let calendar = try store.configuration().calendar
        let later = (calendar.localSecondsSinceMidnight(of: Instant(Date())) + 2 * 3600) % (24 * 3600)
        let hours = OpeningHours(opens: TimeOfDay(hour: later / 3600, minute: later % 3600 / 60),
                                 closes: TimeOfDay(hour: (later / 3600 + 1) % 24, minute: later % 3600 / 60))
        var service = try XCTUnwrap(try store.configuration().services["S"])
        service.openingHours = hours
        _ = try store.perform(.setService(service), at: Date())
        try MainActor.assumeIsolated {
            let screen = try Self.board(store)
            XCTAssertTrue(MainContext.iterate(until: { screen.tiles.tiles["R"]?.wait.text == "Closed" }, timeout: .seconds(5)),
                          "R: \(String(describing: screen.tiles.tiles["R"]?.wait.text))")
            XCTAssertTrue(screen.tiles.tiles["R"]?.wait.isVisible == true)
            XCTAssertEqual(screen.tiles.tiles["S"]?.wait.text, AvailabilityWords.said(.outOfHours(hours)))
            XCTAssertTrue(screen.tiles.tiles["S"]?.wait.text.hasPrefix("Opens at ") == true)
            XCTAssertEqual(screen.tiles.tiles["C"]?.wait.isVisible, false, "open, nobody waiting: nothing")
        }
    }

    func testEachTileTakesItsServicesColourOrAShadeWhiteReadsOnAndStaysTheSameWidget() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            let screen = try Self.board(store)
            let tile = try XCTUnwrap(screen.tiles.tiles["R"]?.cell)
            XCTAssertTrue(screen.tiles.tiles["C"]?.cell.hasCSSClass("board-fill-2e7d32") == true,
                          "#2E7D32 reads at 4.5:1 behind white: the store's colour itself")
            XCTAssertTrue(tile.hasCSSClass("board-fill-1565c0"))
            var returns = try XCTUnwrap(try store.configuration().services["R"])
            returns.colour = "#FFC107"
            _ = try store.perform(.setService(returns), at: Date())
            let shade = BoardStyle.fillClass(forServiceColour: "#FFC107")
            XCTAssertNotEqual(shade, "board-fill-ffc107", "amber behind white fails 4.5:1: a darker shade")
            XCTAssertTrue(MainContext.iterate(until: { tile.hasCSSClass(shade) }, timeout: .seconds(5)))
            XCTAssertFalse(tile.hasCSSClass("board-fill-1565c0"))
            XCTAssertEqual(screen.tiles.tiles["R"]?.cell.widgetPointer, tile.widgetPointer, "relabelled, never rebuilt")
        }
    }

    func testSixTilesTakeTwoRowsOfThreeAndTheCallsTheSmallerType() throws {
        let store = try ScriptedStore()
        for code in ["A", "B", "D"] {
            _ = try store.perform(.setService(Service(code: ServiceCode(rawValue: code), name: "Service \(code)")), at: Date())
        }
        try MainActor.assumeIsolated {
            let screen = try Self.board(store, width: 1920, height: 1080)
            XCTAssertTrue(MainContext.iterate(until: { screen.root.hasCSSClass("board-dense") }, timeout: .seconds(5)))
            XCTAssertEqual(screen.tiles.layout.columns, 3)
            XCTAssertEqual(screen.tiles.layout.rows, 2)
        }
    }

    func testTheHighContrastLookFillsEachTileWithAShadeWhiteReadsOnAtSevenToOne() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            let screen = try Self.board(store, highContrast: true)
            XCTAssertTrue(screen.root.hasCSSClass("board-high-contrast"))
            let tile = try XCTUnwrap(screen.tiles.tiles["C"]?.cell)
            // #2E7D32 reads at 5.1:1 behind white: enough for AA, a darker shade for AAA.
            XCTAssertFalse(tile.hasCSSClass("board-fill-2e7d32"))
            let shade = try XCTUnwrap(tile.cssClasses.first { $0.hasPrefix("board-fill-") })
            let fill = try XCTUnwrap(ThemeColor(hex: "#" + shade.dropFirst("board-fill-".count)))
            XCTAssertGreaterThanOrEqual(fill.contrastRatio(with: .white), 7)
        }
    }

    func testATallScreenStacksTheCallsAboveTheDesks() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            let screen = try Self.board(store, width: 700, height: 1000)
            XCTAssertTrue(MainContext.iterate(until: { screen.layoutOrientation == .vertical }, timeout: .seconds(5)),
                          "portrait: \(screen.root.allocatedWidth)×\(screen.root.allocatedHeight)")
        }
    }

    /// A 720p television: the compact type, so the called code is whole and the tiles on screen.
    /// (A 1080p one keeps the full type: test_board_tiles.py measures its 56 px figures.)
    func testASmallScreenTakesTheCompactType() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            let small = try Self.board(store, width: 1280, height: 720)
            XCTAssertTrue(MainContext.iterate(until: { small.root.hasCSSClass("board-compact") }, timeout: .seconds(5)),
                          "1280×720: \(small.root.allocatedWidth)×\(small.root.allocatedHeight)")
        }
    }

    func testTheClockShowsTheModelsTime() throws {
        let store = try ScriptedStore()
        // Three and a half hours from the system clock: no minute of the two can match.
        let clock = FixedClock(instant: Date().addingTimeInterval(-3.5 * 3600))
        try MainActor.assumeIsolated {
            let screen = try Self.board(store, time: clock)
            XCTAssertEqual(screen.clock.text, BoardScreen.clockText(clock.instant, in: screen.model.timeZone))
            XCTAssertNotEqual(screen.clock.text, BoardScreen.clockText(Date(), in: screen.model.timeZone))
        }
    }
}
