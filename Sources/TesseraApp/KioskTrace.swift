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
        widget.afterNextPaint { _ in printError("\(mark) \(now())") }
    }

    /// Writes `mark <nanoseconds>` now.
    static func mark(_ mark: String) {
        guard isOn else { return }
        printError("\(mark) \(now())")
    }

    /// Writes `pressed-painted <nanoseconds> <frames>` after the first frame painted once a press
    /// turned `widget`'s `:active` on (GTK queues the redraw as the flag changes); `frames` counts
    /// frame-clock frames from the press to that paint, 1 being the next frame.
    static func markPressedLook(of widget: Widget) {
        guard isOn else { return }
        widget.onStateFlagsChanged { [weak widget] previous in
            guard let widget, !previous.contains(.active), widget.stateFlags.contains(.active),
                  let pressedAt = widget.frameClock?.frameCounter else { return }
            widget.afterNextPaint { clock in
                printError("pressed-painted \(now()) \(clock.frameCounter - pressedAt)")
            }
        }
    }

    private static func now() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
