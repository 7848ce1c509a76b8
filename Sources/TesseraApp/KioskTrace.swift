import FoundationEssentials
import Glibc
import GtkKit
import TesseraFeatures

/// Timing marks for `make bench` (`TESSERA_TRACE=1`): a line on standard error with the
/// CLOCK_MONOTONIC nanoseconds of a moment a benchmark driver measures to, e.g. the first frame
/// painted after the ticket page was shown. Off (one environment read) otherwise.
@MainActor enum KioskTrace {
    static let isOn = ProcessInfo.processInfo.environment["TESSERA_TRACE"] == "1"

    /// Writes `mark <nanoseconds>` after the next frame that paints `widget`'s window.
    static func afterNextPaint(of widget: Widget, mark: String) {
        guard isOn else { return }
        widget.afterNextPaint { _ in
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
            printError("\(mark) \(nanoseconds)")
        }
    }
}
