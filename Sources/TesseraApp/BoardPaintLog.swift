import FoundationEssentials
import Glibc
import GtkKit
import QueueStore
import TesseraFeatures

/// With `TESSERA_BOARD_PAINT_LOG=FILE`, the board appends `EVENT-ID MONOTONIC-NANOSECONDS` to
/// FILE after the first frame that paints each new call (`make bench`'s call_to_board compares it
/// with the desk's commit on the same clock, CLOCK_MONOTONIC).
@MainActor final class BoardPaintLog {
    private let descriptor: Int32
    private var logged: Set<EventID> = []

    init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["TESSERA_BOARD_PAINT_LOG"] else { return nil }
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// Notes the calls now on `widget`; each one is written once, after the next paint.
    func shown(_ calls: [BoardCall], on widget: Widget) {
        let new = calls.map(\.eventID).filter { !logged.contains($0) }
        guard !new.isEmpty else { return }
        logged.formUnion(new)
        widget.afterNextPaint { [descriptor] _ in
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
            let bytes = Array(new.map { "\($0.rawValue) \(nanoseconds)\n" }.joined().utf8)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }
}
