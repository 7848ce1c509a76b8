import Foundation
import GtkKit
import QueueStore
import TesseraFeatures

/// With `TESSERA_BOARD_PAINT_LOG=FILE`, the board appends `EVENT-ID MONOTONIC-NANOSECONDS` to
/// FILE after the first frame that paints each new call (`make bench`'s call_to_board compares it
/// with the desk's commit on the same clock, CLOCK_MONOTONIC).
@MainActor final class BoardPaintLog {
    private let handle: FileHandle
    private var logged: Set<EventID> = []

    init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["TESSERA_BOARD_PAINT_LOG"] else { return nil }
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    /// Notes the calls now on `widget`; each one is written once, after the next paint.
    func shown(_ calls: [BoardCall], on widget: Widget) {
        let new = calls.map(\.eventID).filter { !logged.contains($0) }
        guard !new.isEmpty else { return }
        logged.formUnion(new)
        widget.afterNextPaint { [handle] _ in
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
            handle.write(Data(new.map { "\($0.rawValue) \(nanoseconds)\n" }.joined().utf8))
        }
    }
}
