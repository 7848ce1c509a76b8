import FoundationEssentials
import GtkKit
import Localization
import QueueStore
import TesseraFeatures

extension BoardScreen {
    /// `tessera board`: opens the configured store off the GTK thread, then adds the board page
    /// following it (or a page that says why it cannot). The announcer speaks as `[board]`
    /// says; with `TESSERA_ANNOUNCEMENT_LOG=DIR` it also keeps what it announced in DIR
    /// (`announcements.log` and the rendered WAVs), which the end-to-end test reads.
    static func open(on screens: ScreenPages, launch: LaunchOptions, settings: TesseraSettings,
                     time: any TimeSource) async -> BoardScreen? {
        do {
            let url = launch.databaseURL
            let store = try await Blocking.run { try settings.openConfiguredStore(url: url) }
            let screen = try await make(store: store, settings: settings, time: time)
            screens.add(screen.root, name: "board", title: screen.language.localized("Now serving"))
            screens.show("board")
            return screen
        } catch {
            AppIdentity.log.error("cannot open the queue: \(error)")
            let message = Label(localized("The queue cannot be opened.\n%s", "\(error)"))
            message.wraps = true
            message.justification = .center
            screens.add(message, name: "unavailable", title: localized("Unavailable"))
            screens.show("unavailable")
            return nil
        }
    }

    /// A board following `store`, announcing as `[board]` says.
    static func make(store: any QueueStore, settings: TesseraSettings, time: any TimeSource) async throws -> BoardScreen {
        let model = BoardModel(store: store, time: time, announcer: announcer(settings.board),
                               timing: BoardModel.Timing(settings.board))
        try await model.follow()
        return BoardScreen(model: model, language: Language(settings.board.language))
    }

    private static func announcer(_ settings: BoardSettings) -> any CallAnnouncer {
        let record = ProcessInfo.processInfo.environment["TESSERA_ANNOUNCEMENT_LOG"].map { URL(fileURLWithPath: $0) }
        let chime = ResourceFiles.path("chime.wav")
        if settings.chime, chime == nil { AppIdentity.log.warning("board: chime.wav not found; calls are spoken only") }
        return SpokenCallAnnouncer(settings: settings, chime: chime, recordDirectory: record) { message in
            AppIdentity.log.warning(message)
        }
    }
}
