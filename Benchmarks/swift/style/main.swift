// bench-style: moves one styled button through its states 10,000 times through TesseraStyle
// and counts stylesheet loads meanwhile. Its C twin, Benchmarks/c/style_state_toggle.c, makes
// the same GTK calls on the same widget tree directly; Benchmarks/style.sh runs both and prints
// the ratio. Output: `toggle_ms <median of 5 runs>` and `provider_reloads <count>`.
// `bench-style CSS_PATH` also writes the default theme's stylesheet there for the C twin.
import Foundation
import GtkKit
import TesseraStyle

let cycles = 10_000
let repetitions = 5

guard Gtk.initialize() else {
    FileHandle.standardError.write(Data("bench-style: no display; run under scripts/headless\n".utf8))
    exit(1)
}
StyleProvider.shared.use(.standard)
if CommandLine.arguments.count > 1 {
    try StyleSheet(theme: .standard).css.write(toFile: CommandLine.arguments[1], atomically: true, encoding: .utf8)
}
let button = StyledButton("Call next")
let window = Window()
window.title = "bench-style"
window.child = button.widget
window.present()
window.waitForPaint()

/// One cycle: through every state the style layer drives, back to normal primary.
@MainActor func cycle() {
    button.style(.destructive)       // style swap: remove + add class
    button.style(.primary)
    button.setBusy(true)             // loading: class, cover targetable and sensitive, spinner, busy
    button.setBusy(false)
    button.disabled(true)            // disabled: sensitivity
    button.disabled(false)
}

let loadsBefore = StyleProvider.shared.loadCount
for _ in 0..<1_000 { cycle() }  // warm-up
MainContext.drainPending()
var timings: [Double] = []
let clock = ContinuousClock()
for _ in 0..<repetitions {
    let elapsed = clock.measure { for _ in 0..<cycles { cycle() } }
    timings.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
    MainContext.drainPending()  // let GTK restyle once between runs, as the C program does
}
let reloads = StyleProvider.shared.loadCount - loadsBefore
window.destroy()
print("toggle_ms \(String(format: "%.3f", timings.sorted()[repetitions / 2]))")
print("provider_reloads \(reloads)")
