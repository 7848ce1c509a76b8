import GtkKit

/// The board's stylesheet: type sized to be read across a waiting area (5 m from a 1080p
/// screen: the called number ~200 px, lines at the desks 96 px, nothing under 40 px), light
/// on dark, the call being announced on amber. Loaded once, when the first board is built.
/// `board-compact` (the demo's third of a window) halves the type, never under 24 px.
@MainActor enum BoardStyle {
    private static var provider: CssProvider?

    static func install() {
        guard provider == nil else { return }
        let provider = CssProvider()
        for error in provider.load(css) { AppIdentity.log.warning("board stylesheet: \(error)") }
        _ = CssProvider.addToDisplay(provider)
        self.provider = provider
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
    .board-service { background-color: #1d242b; border-radius: 20px; padding: 16px 28px; }
    .board-service-name { font-size: 44px; font-weight: bold; }
    .board-service-wait { font-size: 40px; }
    .board .board-service-wait { color: #d6dde4; }
    .board-compact .board-header label, .board-compact .board-heading { font-size: 28px; }
    .board-compact .board-header { padding: 12px 24px; }
    .board-compact .board-banner { padding: 16px 24px; }
    .board-compact .board-banner .board-banner-code { font-size: 120px; }
    .board-compact .board-banner .board-banner-desk { font-size: 56px; }
    .board-compact .board-current label { font-size: 44px; }
    .board-compact .board-previous label { font-size: 28px; }
    .board-compact .board-services { padding: 0px 24px 24px 24px; }
    .board-compact .board-service { padding: 12px 16px; }
    .board-compact .board-service-name { font-size: 28px; }
    .board-compact .board-service-wait { font-size: 24px; }
    """
}
