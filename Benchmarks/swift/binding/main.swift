// binding_overhead: the reference widget tree of Benchmarks/c/binding_tree.c, built through
// GtkKit. On the window's first after-paint it prints its PSS and RSS (/proc/self/smaps_rollup)
// and the time since the driver's timestamp taken just before exec (TESSERA_BENCH_T0).
// The line goes out with write(2), as printf does in C: `print` would add the cost of Swift's
// generic printing machinery, which is not part of the binding.
import Glibc
import GtkKit

let treeCSS = """
    .header { font-size: 28px; font-weight: bold; padding: 12px; }
    .service { min-height: 64px; border-radius: 12px; font-size: 20px; }
    .service:active { background: #1c5fb8; color: white; }
    .page { font-size: 18px; }

    """

/// Builds the tree, waits for the first paint, reports, and returns the exit status.
@MainActor func runBenchmark() -> Int32 {
    guard Gtk.initialize() else {
        report("bench-binding: no display\n")
        return 2
    }
    MainQueueBridge.install()

    let provider = CssProvider()
    provider.load(treeCSS)
    CssProvider.addToDisplay(provider, priority: .application)

    let window = Window()
    window.title = "binding_overhead"
    window.setDefaultSize(width: 800, height: 600)

    let column = Box(orientation: .vertical, spacing: 8)
    let header = Label("Take a ticket")
    header.addCSSClass("header")
    column.append(header)

    var clicks: Int32 = 0
    let grid = Grid()
    grid.rowSpacing = 8
    grid.columnSpacing = 8
    grid.columnHomogeneous = true
    for row in Int32(0)..<3 {
        for col in Int32(0)..<4 {
            let button = Button(child: Label("Service \(row * 4 + col + 1)"))
            button.addCSSClass("service")
            button.onClicked { _ in clicks += 1 }
            grid.attach(button, column: col, row: row)
        }
    }
    column.append(grid)

    let stack = Stack()
    stack.transition = .crossfade
    let startPage = Label("Welcome"), ticketPage = Label("Your ticket: C012")
    startPage.addCSSClass("page")
    ticketPage.addCSSClass("page")
    stack.addNamed(startPage, name: "start")
    stack.addNamed(ticketPage, name: "ticket")
    stack.visibleChildName = "start"
    column.append(stack)

    let overlay = Overlay()
    let spinner = Spinner()
    spinner.isSpinning = true
    spinner.halign = .center
    spinner.valign = .center
    overlay.child = Button(label: "Printing…")
    overlay.addOverlay(spinner)
    column.append(overlay)

    window.child = column
    window.present()

    var painted = false
    window.afterNextPaint { _ in
        painted = true
        let startup = microsecondsSinceExec()
        let pss = rollupKiB("Pss:"), rss = rollupKiB("Rss:")
        report("pss_kib=\(pss) rss_kib=\(rss) startup_us=\(startup)\n")
    }
    MainContext.iterate(until: { painted }, timeout: .seconds(60))

    window.destroy()
    return painted ? clicks : 3
}

/// A field of /proc/self/smaps_rollup in KiB (`Pss:`, `Rss:`), -1 if unreadable. Parsed with
/// the same libc calls as the C baseline, so measuring costs both programs the same.
func rollupKiB(_ field: String) -> Int {
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

/// Microseconds since the driver's pre-exec timestamp (seconds, as `$EPOCHREALTIME`).
func microsecondsSinceExec() -> Int {
    guard let start = getenv("TESSERA_BENCH_T0") else { return -1 }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let elapsed = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - strtod(start, nil)
    return Int((elapsed * 1e6).rounded())
}

/// Writes `text` to standard output unbuffered.
func report(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

exit(MainActor.assumeIsolated { runBenchmark() })
