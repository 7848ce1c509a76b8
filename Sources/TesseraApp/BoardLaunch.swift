import FoundationEssentials
import GtkKit
import Localization
import QueueStore
import TesseraFeatures

extension BoardScreen {
    /// `tessera board`: a board following `store`, announcing as `[board]` says; with
    /// `TESSERA_ANNOUNCEMENT_LOG=DIR` it also keeps what it announced in DIR
    /// (`announcements.log` and the rendered WAVs), which the end-to-end test reads.
    static func make(store: any QueueStore, settings: TesseraSettings, time: any TimeSource) async throws -> BoardScreen {
        let model = BoardModel(store: store, time: time, announcer: announcer(settings.board),
                               timing: BoardModel.Timing(settings.board))
        try await model.follow()
        return BoardScreen(model: model, language: Language(settings.board.language),
                           highContrast: settings.board.highContrast, largeText: settings.board.largeText)
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
