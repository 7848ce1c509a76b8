import GtkKit
import QueueCore
import QueueStore
import TesseraFeatures

/// `tessera demo`: the three roles of a store side by side in one window, on one store, so a
/// newcomer sees a ticket go from the kiosk to desk 1 to the board. The desk starts on its
/// sign-in page, which shows the demo PIN; the board uses its compact type (a third of the
/// window, read from a chair, not across a waiting area).
@MainActor final class DemoLayout {
    let root = Box(orientation: .horizontal, spacing: 0)
    let kiosk: KioskScreen
    let desk: DeskPage
    let board: BoardScreen

    private init(kiosk: KioskScreen, desk: DeskPage, board: BoardScreen) {
        (self.kiosk, self.desk, self.board) = (kiosk, desk, board)
        root.isHomogeneous = true
        board.makeCompact()
        // In a third of the window the desk stacks its lists under the customer; it may scroll down, never sideways.
        let deskView = ScrolledWindow()
        deskView.child = desk.root
        deskView.setPolicy(horizontal: .never, vertical: .automatic)
        // The kiosk and the desk share a background: the frame shows where one ends.
        deskView.hasFrame = true
        for page in [kiosk.root, deskView, board.root] {
            page.hexpand = true
            page.vexpand = true
            root.append(page)
        }
    }

    /// The three screens on `store` (already open; the caller opened it off the GTK thread).
    static func open(store: any QueueStore, settings: TesseraSettings, time: any TimeSource) async throws -> DemoLayout {
        let kiosk = try await KioskScreen.make(store: store, time: time, settings: settings, maxColumns: 1)
        let desk = try await DeskPage.open(desk: DeskNumber(rawValue: 1), store: store, time: time,
                                           settings: settings.staff, admin: AdminOptions(settings))
        let board = try await BoardScreen.make(store: store, settings: settings, time: time)
        return DemoLayout(kiosk: kiosk, desk: desk, board: board)
    }
}
