import FoundationEssentials
import GtkKit
import Localization
import QueueCore
import QueueStore
import TesseraFeatures
import TesseraStyle

/// The board's layout, in pixels; its type, sized to be read across a waiting area, is in
/// `BoardStyle`.
private enum Layout {
    static let bodyMargins = EdgeInsets(top: 32, bottom: 24, start: 40, end: 40)
    /// Narrower than this, the board is a strip (the demo's third): one tile a row.
    static let narrowWidth: Int32 = 600
    /// Smaller than this both ways (1280×720, 1366×768), the board takes the compact type.
    static let smallScreen = (width: Int32(1600), height: Int32(900))
    static let bodySpacing: Int32 = 48
    static let headerSpacing: Int32 = 24
    static let columnSpacing: Int32 = 16
    static let gridColumnSpacing: UInt32 = 48
    static let previousBottomMargin: Int32 = 8
    /// How many tickets at the desks, and how many calls before, are listed.
    static let rows = 4
    /// The clock shows minutes and the layout follows the screen's shape: ticking every second,
    /// each is at most a second late.
    static let tickMilliseconds: UInt32 = 1000
    /// WCAG 2.2 AAA for normal text: what white on a tile's fill reads at in the high-contrast look.
    static let highContrast = 7.0
}

/// The now-serving board, bound to a `BoardModel`: the call being announced large and flashing
/// amber, the tickets at the desks, the calls before, and a tile per service with its waiting
/// count and estimated wait in the service's colour (`BoardServiceTiles`), under the store's
/// name and a clock. Side by side on a landscape screen, one
/// above the other on a portrait one.
///
/// Every widget is made once; an update sets texts, visibility and classes only where they
/// changed, so the flash (a CSS animation on a class) is never restarted by a redraw.
@MainActor final class BoardScreen {
    let model: BoardModel
    let root = Box(orientation: .vertical, spacing: 0)
    /// The demo's board (`makeCompact`): narrow until its first allocation says otherwise.
    private var isCompact = false
    let storeName = Label()
    let clock = Label()
    /// "Kiosk printer: out of paper" while the kiosk cannot print.
    let printerAlert = Label()
    /// "Away: Desk 2, Front Counter": the desks paused now, which call nobody.
    let awayLine = Label()
    let heading = Label()
    let banner = Box(orientation: .vertical, spacing: 0)
    let bannerCode = Label()
    let bannerDesk = Label()
    private(set) var currentRows: [Label] = []
    private(set) var previousRows: [Label] = []
    /// The services' tiles: name, waiting count and wait, in the service's colour.
    let tiles: BoardServiceTiles
    private let body = Box(orientation: .horizontal, spacing: Layout.bodySpacing)
    private let page = Box(orientation: .vertical, spacing: 0)
    private let pageScroller = ScrolledWindow()
    private let currentGrid = Grid()
    private let previousGrid = Grid()
    private var flashedCall: EventID?
    private var flashClass = "board-flash-a"
    private var ticker: MainContextSource?
    private let paintLog = BoardPaintLog()
    /// The board's language (`[board] language=`): what it shows; calls are spoken in each ticket's.
    let language: Language

    /// `highContrast`, `largeText`: `[board] high-contrast`, `large-text` (`BoardStyle`).
    init(model: BoardModel, language: Language = .locale, rows: Int = Layout.rows, highContrast: Bool = false,
         largeText: Bool = false) {
        self.model = model
        self.language = language
        tiles = BoardServiceTiles(language: language, minimumContrast: highContrast ? Layout.highContrast : ServiceColour.minimumContrast)
        BoardStyle.install()
        root.addCSSClass("board")
        if highContrast { root.addCSSClass("board-high-contrast") }
        if largeText { root.addCSSClass("board-large-text") }
        // The page asks the window for no height of its own: GTK sizes a window by the least
        // height at the least width, where every wrapping name is at its tallest, and the board
        // would then be taller than its screen. Given the screen's height, the page lays out at
        // the screen's width (clipped at the foot only if even that is too tall).
        pageScroller.setPolicy(horizontal: .never, vertical: .external)
        pageScroller.vexpand = true
        pageScroller.child = page
        root.append(pageScroller)
        page.append(header())
        body.margins = Layout.bodyMargins
        body.vexpand = true
        body.isHomogeneous = true
        body.append(bannerColumn())
        body.append(desksColumn(rows: rows))
        page.append(body)
        page.append(tiles.grid)
        // Large type must not force the window wider than a portrait screen before the layout
        // has turned: the store's name and the heading end in "…". A desk's name, which people
        // read to know where to go, wraps instead, inside a word only when a line cannot hold it.
        for label in [storeName, heading, bannerCode] { label.ellipsizes = true }
        for label in [bannerDesk] + currentRows + previousRows {
            label.wraps = true
            label.wrapMode = .wordOrCharacter
        }
        bannerDesk.justification = .center
        model.onChange = { [weak self] in self?.update() }
        update()
        tick()
        ticker = MainContext.timeout(milliseconds: Layout.tickMilliseconds) { [weak self] in
            self?.tick()
            return self != nil
        }
    }

    private func header() -> Widget {
        let bar = Box(orientation: .horizontal, spacing: Layout.headerSpacing)
        bar.addCSSClass("board-header")
        storeName.xalign = 0
        storeName.hexpand = true
        clock.xalign = 1
        bar.append(storeName)
        printerAlert.isVisible = false
        bar.append(printerAlert)
        bar.append(clock)
        return bar
    }

    private func bannerColumn() -> Widget {
        let column = Box(orientation: .vertical, spacing: Layout.columnSpacing)
        heading.addCSSClass("board-heading")
        heading.xalign = 0
        banner.addCSSClass("board-banner")
        banner.vexpand = true
        banner.valign = .fill
        bannerCode.addCSSClass("board-banner-code")
        bannerDesk.addCSSClass("board-banner-desk")
        bannerCode.vexpand = true
        bannerCode.valign = .end
        bannerDesk.vexpand = true
        bannerDesk.valign = .start
        banner.append(bannerCode)
        banner.append(bannerDesk)
        column.append(heading)
        column.append(banner)
        return column
    }

    private func desksColumn(rows: Int) -> Widget {
        let column = Box(orientation: .vertical, spacing: Layout.columnSpacing)
        currentGrid.addCSSClass("board-current")
        currentGrid.columnSpacing = Layout.gridColumnSpacing
        currentRows = fill(currentGrid, count: rows * 2, columns: 2)
        previousGrid.addCSSClass("board-previous")
        previousGrid.columnSpacing = Layout.gridColumnSpacing
        previousGrid.columnHomogeneous = true
        previousRows = fill(previousGrid, count: rows, columns: 2)
        for widget in [headingLabel(language.localized("At the desks")), currentGrid,
                       headingLabel(language.localized("Called before")), previousGrid] {
            column.append(widget)
        }
        previousGrid.margins = EdgeInsets(bottom: Layout.previousBottomMargin)
        awayLine.addCSSClass("board-previous")
        awayLine.xalign = 0
        awayLine.wraps = true
        awayLine.isVisible = false
        column.append(awayLine)
        return column
    }

    private func headingLabel(_ text: String) -> Label {
        let label = Label(text)
        label.addCSSClass("board-heading")
        label.xalign = 0
        return label
    }

    private func fill(_ grid: Grid, count: Int, columns: Int) -> [Label] {
        (0..<count).map { index in
            let label = Label()
            label.xalign = 0
            label.isVisible = false
            grid.attach(label, column: Int32(index % columns), row: Int32(index / columns))
            return label
        }
    }

    /// Shows the model; touches only what differs from what is shown.
    private func update() {
        let store = model.storeName(in: language)
        set(storeName, model.isOffline ? localized("%s · offline, reconnecting…", store) : store)
        let alert = PrinterWords.alert(model.printers)
        set(printerAlert, alert ?? "")
        printerAlert.isVisible = alert != nil
        if let call = model.banner {
            let description = model.isHighlighted ? language.localized("Now calling") : language.localized("Last call")
            set(heading, description)
            set(bannerCode, call.ticketCode)
            set(bannerDesk, deskText(call))
            // Set only when it changes: each change is an AT-SPI event a screen reader may speak.
            if bannerCode.accessibleDescription != description { bannerCode.accessibleDescription = description }
            banner.isVisible = true
        } else {
            set(heading, language.localized("Please wait to be called"))
            banner.isVisible = false
        }
        flash(model.isHighlighted ? model.banner?.eventID : nil)
        show(model.current.flatMap { [$0.ticketCode, deskText($0)] }, in: currentRows)
        show(model.previous.map { $0.ticketCode + "  " + deskText($0) }, in: previousRows)
        tiles.show(model.services)
        relayout()
        let away = model.away.map { $0.name(in: language) ?? language.localized("Desk %d", $0.number.rawValue) }
        // TRANSLATORS: the desks that call nobody now (a break), "Away: Desk 2, Front Counter".
        set(awayLine, away.isEmpty ? "" : language.localized("Away: %s", away.joined(separator: ", ")))
        awayLine.isVisible = !away.isEmpty
        paintLog?.shown(model.current + [model.banner].compactMap { $0 }, on: root)
    }

    /// Starts the flash for a newly highlighted call (alternating the class so a call right
    /// after another flashes again), or lets the banner fade back when nothing is highlighted.
    private func flash(_ call: EventID?) {
        guard call != flashedCall else { return }
        banner.removeCSSClass(flashClass)
        flashedCall = call
        guard call != nil else { return }
        flashClass = flashClass == "board-flash-a" ? "board-flash-b" : "board-flash-a"
        banner.addCSSClass(flashClass)
    }

    private func show(_ texts: [String], in rows: [Label]) {
        for (index, row) in rows.enumerated() {
            let text = index < texts.count ? texts[index] : nil
            if let text { set(row, text) }
            if row.isVisible != (text != nil) { row.isVisible = text != nil }
        }
    }

    /// The desk's own name from the configuration (in the board's language where it has one),
    /// or "Desk 3" in the board's language.
    private func deskText(_ call: BoardCall) -> String {
        call.deskName(in: language.nameLocale) ?? language.localized("Desk %d", call.desk.rawValue)
    }

    /// The store's wall-clock time (its zone's rules, not the machine's), written as `language`
    /// writes a time (`Language.time`: GLib's `GDateTime` format from the catalog).
    static func clockText(_ date: Date, in zone: StoreTimeZone, language: Language = .locale) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let local = seconds + Int64(zone.rules.utcOffset(atUnixSeconds: seconds))
        let minutes = Int((local / 60) % 1440 + 1440) % 1440
        return language.time(hour: minutes / 60, minute: minutes % 60)
    }

    /// The demo's board, in a third of its window: the compact type, and one tile a row from the
    /// start (two across would ask for more than the third, and widen the window).
    func makeCompact() {
        isCompact = true
        relayout()
    }

    /// Once a second: the clock, and the layout for the screen's shape.
    private func tick() {
        set(clock, Self.clockText(model.time.now(), in: model.timeZone, language: language))
        relayout()
    }

    /// The layout for the screen's shape and the number of services: the calls beside the desks
    /// or above them, the tiles in as many rows as they need, and the smaller type for the calls
    /// when the tiles need more room than one row.
    private func relayout() {
        let width = root.allocatedWidth, height = root.allocatedHeight
        // Before the first allocation the shape is unknown: landscape, as most boards are, so
        // that the first frame already has the type its tiles leave room for.
        // Two tiles across need more than a third of a 1280 px window: one, below this.
        let narrow = width > 0 ? width < Layout.narrowWidth : isCompact
        let orientation: Orientation = (width > 0 && width < height) || narrow ? .vertical : .horizontal
        if body.orientation != orientation { body.orientation = orientation }
        tiles.turn(portrait: orientation == .vertical, narrow: narrow)
        let dense = tiles.layout.isDense
        if root.hasCSSClass("board-dense") != dense {
            if dense { root.addCSSClass("board-dense") } else { root.removeCSSClass("board-dense") }
        }
        // A 720p or 768p screen (a small television) takes the compact type too: at full size
        // the called code is cut to "C…" and the tiles fall off the foot of the screen.
        let compact = isCompact || (width > 0 && width < Layout.smallScreen.width && height < Layout.smallScreen.height)
        if root.hasCSSClass("board-compact") != compact {
            if compact { root.addCSSClass("board-compact") } else { root.removeCSSClass("board-compact") }
        }
    }

    /// How the calls and the desks are laid out: side by side, or one above the other.
    var layoutOrientation: Orientation { body.orientation }

    private func set(_ label: Label, _ text: String) {
        if label.text != text { label.text = text }
    }
}
