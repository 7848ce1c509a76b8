import Glibc
import GtkKit

/// `make bench` (app_overhead, Benchmarks/app_overhead.sh) measures the kiosk from outside:
/// with `TESSERA_BENCH_T0` in the environment (the driver's `$EPOCHREALTIME` taken just before
/// exec), the first frame painted after the kiosk page is shown prints
/// `pss_kib=… rss_kib=… startup_us=…` (PSS and RSS of /proc/self/smaps_rollup, microseconds
/// since T0) and the process quits. Its C baseline (Benchmarks/c/kiosk_tree.c) reports the
/// same way, with the same libc calls. Not an option: nobody else needs it.
enum FirstFrameReport {
    static var isRequested: Bool { getenv("TESSERA_BENCH_T0") != nil }

    /// After the next paint of `widget`'s window: report, then `quit`.
    @MainActor static func arm(on widget: Widget, then quit: @escaping @MainActor () -> Void) {
        widget.afterNextPaint { _ in
            let startup = microsecondsSinceExec()
            let pss = rollupKiB("Pss:"), rss = rollupKiB("Rss:")
            var line = "pss_kib=\(pss) rss_kib=\(rss) startup_us=\(startup)\n"
            line.withUTF8 { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            quit()
        }
    }

    /// A field of /proc/self/smaps_rollup in KiB (`Pss:`, `Rss:`), -1 if unreadable.
    private static func rollupKiB(_ field: String) -> Int {
        guard let file = fopen("/proc/self/smaps_rollup", "r") else { return -1 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        let length = strlen(field)
        while fgets(&line, Int32(line.count), file) != nil {
            if strncmp(line, field, length) == 0 {
                return line.withUnsafeBufferPointer { strtol($0.baseAddress.unsafelyUnwrapped + length, nil, 10) }
            }
        }
        return -1
    }

    private static func microsecondsSinceExec() -> Int {
        guard let start = getenv("TESSERA_BENCH_T0") else { return -1 }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int(((Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - strtod(start, nil)) * 1e6).rounded())
    }
}
