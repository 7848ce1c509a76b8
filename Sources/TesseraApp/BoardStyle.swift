import GtkKit
import TesseraStyle

/// The board's stylesheet: type sized to be read across a waiting area (5 m from a 1080p
/// screen: the called number ~200 px, lines at the desks 88 px, a tile's waiting count 56 px,
/// nothing under 28 px), light on dark, the call being announced on amber. Loaded once, when
/// the first board is built. `board-dense` (tiles in more rows than one landscape screen
/// holds beside the calls at full size) steps the calls and desks down, never the tiles;
/// `board-compact` (the demo's third of a window, or a screen under 1600×900) halves the type,
/// never under 24 px.
/// `[board] large-text` (`board-large-text`) makes the tiles and the lists a quarter larger,
/// the banner smaller beside six tiles; `[board] high-contrast` (`board-high-contrast`) is white
/// on black (21:1; the call black on amber, 13:1), 6 px white borders round the banner and the
/// tiles, and fills white reads on at 7:1.
@MainActor enum BoardStyle {
    private static var provider: CssProvider?
    /// A tile whose service's colour cannot be read.
    static let tileFallback = ThemeColor(rgb: 0x1D242B)

    static func install() {
        guard provider == nil else { return }
        let provider = CssProvider()
        for error in provider.load(css) { AppIdentity.log.warning("board stylesheet: \(error)") }
        _ = CssProvider.addToDisplay(provider)
        self.provider = provider
    }

    /// The class that fills a tile with `colour` (`#RRGGBB` from `[service:X] colour`), or with
    /// the nearest shade of it that white text reads on at `minimum` (`ServiceColour.fill`; 7:1
    /// for the high-contrast look).
    static func fillClass(forServiceColour colour: String, minimum: Double = ServiceColour.minimumContrast) -> String {
        ServiceFills.fillClass(forServiceColour: colour, prefix: "board-fill", on: "board-service", minimum: minimum,
                               fallback: tileFallback)
    }

    // Two highlight classes with the same look: the screen alternates them for each new call,
    // so GTK starts the flash again even when one highlighted call follows another.
    static let css = """
    .board { background-color: #101418; color: #f4f4f4; }
    .board label { color: #f4f4f4; }
    .board-header { padding: 16px 40px; background-color: #1d242b; }
    .board-header label { font-size: 44px; font-weight: bold; }
    .board-heading { font-size: 44px; font-weight: bold; color: #b8c2cc; }
    .board .board-heading { color: #b8c2cc; }
    .board-banner { border-radius: 24px; padding: 24px 48px; background-color: #1d242b;
                    transition: background-color 400ms ease-out; }
    .board-banner label { transition: color 400ms ease-out; }
    .board-banner .board-banner-code { font-size: 220px; font-weight: bold; }
    .board-banner .board-banner-desk { font-size: 120px; font-weight: bold; }
    .board-banner.board-flash-a, .board-banner.board-flash-b { background-color: #ffc20e; }
    .board-banner.board-flash-a label, .board-banner.board-flash-b label { color: #101418; }
    .board-banner.board-flash-a { animation: board-flash-a 900ms ease-in-out 2; }
    .board-banner.board-flash-b { animation: board-flash-b 900ms ease-in-out 2; }
    @keyframes board-flash-a { 0% { opacity: 1; } 50% { opacity: 0.55; } 100% { opacity: 1; } }
    @keyframes board-flash-b { 0% { opacity: 1; } 50% { opacity: 0.55; } 100% { opacity: 1; } }
    .board-current label { font-size: 88px; font-weight: bold; }
    .board-previous label { font-size: 48px; color: #b8c2cc; }
    .board .board-previous label { color: #b8c2cc; }
    .board-services { padding: 0px 40px 32px 40px; }
    .board-service { background-color: #1d242b; border-radius: 20px; padding: 16px 24px; }
    .board .board-service label { color: #ffffff; }
    .board-service .board-service-name { font-size: 36px; font-weight: bold; }
    .board-service .board-service-name-long { font-size: 28px; }
    .board-service .board-service-count { font-size: 56px; font-weight: bold; }
    .board-service .board-service-wait { font-size: 36px; }
    .board-dense .board-heading { font-size: 36px; }
    .board-dense .board-banner { padding: 16px 32px; }
    .board-dense .board-banner .board-banner-code { font-size: 150px; }
    .board-dense .board-banner .board-banner-desk { font-size: 64px; }
    .board-dense .board-current label { font-size: 56px; }
    .board-dense .board-previous label { font-size: 36px; }
    .board-large-text .board-header label { font-size: 56px; }
    .board-large-text .board-heading { font-size: 56px; }
    .board-large-text .board-current label { font-size: 104px; }
    .board-large-text .board-previous label { font-size: 60px; }
    .board-large-text .board-service .board-service-name { font-size: 44px; }
    .board-large-text .board-service .board-service-name-long { font-size: 34px; }
    .board-large-text .board-service .board-service-count { font-size: 72px; }
    .board-large-text .board-service .board-service-wait { font-size: 44px; }
    .board-large-text.board-dense .board-header label { font-size: 48px; }
    .board-large-text.board-dense .board-header { padding: 8px 40px; }
    .board-large-text.board-dense .board-heading { font-size: 40px; }
    .board-large-text.board-dense .board-banner .board-banner-code { font-size: 112px; }
    .board-large-text.board-dense .board-banner .board-banner-desk { font-size: 52px; }
    .board-large-text.board-dense .board-current label { font-size: 64px; }
    .board-large-text.board-dense .board-previous label { font-size: 44px; }
    .board.board-high-contrast { background-color: #000000; }
    .board.board-high-contrast label { color: #ffffff; }
    .board.board-high-contrast .board-heading { color: #ffffff; }
    .board.board-high-contrast .board-previous label { color: #ffffff; }
    .board.board-high-contrast .board-header { background-color: #000000; border-bottom: 4px solid #ffffff; }
    .board.board-high-contrast .board-banner { background-color: #000000; border: 6px solid #ffffff; }
    .board.board-high-contrast .board-banner.board-flash-a,
    .board.board-high-contrast .board-banner.board-flash-b { background-color: #ffc20e; border-color: #ffc20e; }
    .board.board-high-contrast .board-banner.board-flash-a label,
    .board.board-high-contrast .board-banner.board-flash-b label { color: #000000; }
    .board.board-high-contrast .board-service { border: 6px solid #ffffff; }
    .board-compact .board-header label, .board-compact .board-heading { font-size: 28px; }
    .board-compact .board-header { padding: 12px 24px; }
    .board-compact .board-banner { padding: 16px 24px; }
    .board-compact .board-banner .board-banner-code { font-size: 88px; }
    .board-compact .board-banner .board-banner-desk { font-size: 56px; }
    .board-compact .board-current label { font-size: 44px; }
    .board-compact .board-previous label { font-size: 28px; }
    .board-compact .board-services { padding: 0px 24px 24px 24px; }
    .board-compact .board-service { padding: 8px 16px; border-radius: 12px; }
    .board-compact .board-service .board-service-name,
    .board-compact .board-service .board-service-name-long { font-size: 24px; }
    .board-compact .board-service .board-service-count { font-size: 28px; }
    .board-compact .board-service .board-service-wait { font-size: 24px; }
    """
}
