import GtkKit
import Localization
import QueueCore
import TesseraFeatures
import TesseraStyle

private enum Layout {
    static let tileSpacing: UInt32 = 24
    static let lineSpacing: Int32 = 4
    /// A name longer than this takes the tile's smaller name type (`board-service-name-long`)
    /// before it wraps: four lines of the larger type would push the count out of the tile.
    static let longName = 30
}

/// The board's service tiles: for each service its name, its waiting count (the figure read from
/// across the room) and its wait, on the service's own colour. Nothing on a tile ever ends in "…":
/// every text wraps (the name takes smaller type when long), so a tile grows taller rather than
/// cut what people came to read.
///
/// A tile is made the first time its service is shown and then only relabelled; the tiles move
/// to other cells only when the screen turns or a service comes or goes.
@MainActor final class BoardServiceTiles {
    struct Tile {
        let cell: Box
        let name: Label
        let count: Label
        let wait: Label
        var fill: String?
    }

    let grid = Grid()
    private(set) var tiles: [ServiceCode: Tile] = [:]
    private var order: [ServiceCode] = []
    private(set) var layout = BoardTileLayout.fitting(services: 0, portrait: false)
    private var portrait = false
    /// A strip of a screen (the demo's third): one tile a row.
    private var narrow = false
    private let language: Language
    /// The contrast white text needs on a tile's fill: 4.5:1, 7:1 in the high-contrast look.
    private let minimumContrast: Double

    init(language: Language, minimumContrast: Double = ServiceColour.minimumContrast) {
        self.language = language
        self.minimumContrast = minimumContrast
        grid.addCSSClass("board-services")
        grid.columnHomogeneous = true
        grid.rowHomogeneous = true
        grid.columnSpacing = Layout.tileSpacing
        grid.rowSpacing = Layout.tileSpacing
        // The count sits at the foot of its tile (vexpand inside a row); said here so that does
        // not spread to the grid, which would then take space the calls above need.
        grid.vexpand = false
    }

    /// Shows `services` in their order; `portrait`: the screen is taller than wide.
    func show(_ services: [BoardModel.ServiceLine]) {
        for service in services { relabel(tile(for: service.code), service) }
        arrange(services.map(\.code), portrait: portrait)
    }

    /// Lays the tiles out for the screen's shape.
    func turn(portrait: Bool, narrow: Bool = false) {
        self.narrow = narrow
        arrange(order, portrait: portrait)
    }

    private func tile(for code: ServiceCode) -> Tile {
        if let tile = tiles[code] { return tile }
        let cell = Box(orientation: .vertical, spacing: Layout.lineSpacing)
        cell.addCSSClass("board-service")
        let tile = Tile(cell: cell, name: Label(), count: Label(), wait: Label())
        tile.name.addCSSClass("board-service-name")
        tile.count.addCSSClass("board-service-count")
        tile.wait.addCSSClass("board-service-wait")
        for label in [tile.name, tile.count, tile.wait] {
            label.xalign = 0
            label.wraps = true
            cell.append(label)
        }
        // Between words, and inside a word only when a line cannot hold it (never at a board's
        // sizes): a tile asks for little width, so large type does not widen the window.
        for label in [tile.name, tile.count, tile.wait] { label.wrapMode = .wordOrCharacter }
        tile.count.vexpand = true
        tile.count.valign = .end
        tiles[code] = tile
        return tile
    }

    private func relabel(_ tile: Tile, _ service: BoardModel.ServiceLine) {
        let name = service.name(in: language)
        set(tile.name, name)
        let long = name.count > Layout.longName
        if tile.name.hasCSSClass("board-service-name-long") != long {
            if long { tile.name.addCSSClass("board-service-name-long") } else { tile.name.removeCSSClass("board-service-name-long") }
        }
        set(tile.count, Self.countText(service, in: language))
        let wait = Self.waitText(service, in: language)
        set(tile.wait, wait ?? "")
        if tile.wait.isVisible != (wait != nil) { tile.wait.isVisible = wait != nil }
        let fill = service.colour.map { BoardStyle.fillClass(forServiceColour: $0, minimum: minimumContrast) }
        guard fill != tile.fill else { return }
        if let old = tile.fill { tile.cell.removeCSSClass(old) }
        if let fill { tile.cell.addCSSClass(fill) }
        tiles[service.code]?.fill = fill
    }

    /// Puts the tiles in their cells, only when the order, the count or the shape changed.
    private func arrange(_ codes: [ServiceCode], portrait: Bool) {
        self.portrait = portrait
        let layout = BoardTileLayout.fitting(services: codes.count, portrait: portrait, narrow: narrow)
        guard codes != order || layout != self.layout else { return }
        for code in order { if let tile = tiles[code] { grid.remove(tile.cell) } }
        for (index, code) in codes.enumerated() {
            guard let tile = tiles[code] else { continue }
            let cell = layout.cell(of: index)
            grid.attach(tile.cell, column: Int32(cell.column), row: Int32(cell.row))
        }
        order = codes
        self.layout = layout
    }

    /// "32 waiting": the figure of the tile, whole on its line.
    static func countText(_ service: BoardModel.ServiceLine, in language: Language = .locale) -> String {
        guard service.waiting > 0 else { return language.localized("Nobody waiting") }
        // TRANSLATORS: people waiting for a service, the large figure on a board tile.
        return language.localizedPlural("%d waiting", "%d waiting", count: service.waiting, service.waiting)
    }

    /// "about 5 min": the wait a new ticket of the service would get, said as the kiosk's button
    /// and ticket say it (`WaitWords`); nil when nobody waits. A service that gives no ticket now
    /// says why instead, in the kiosk's words ("Closed", "Opens at 09:00": `AvailabilityWords`).
    static func waitText(_ service: BoardModel.ServiceLine, in language: Language = .locale) -> String? {
        if let availability = service.availability, availability != .open {
            return AvailabilityWords.said(availability, in: language)
        }
        guard service.waiting > 0 else { return nil }
        return WaitWords(language).short(peopleAhead: service.waiting, estimate: service.estimatedWait)
    }

    private func set(_ label: Label, _ text: String) {
        if label.text != text { label.text = text }
    }
}
