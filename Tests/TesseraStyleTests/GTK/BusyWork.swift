import TesseraStyle

/// What a screen does with a button: a tap starts work and shows the button busy, and the
/// button is back to normal when the work ends, here when the test calls `finish()`. Counts how
/// often the work started. Holds the button weakly, as a screen's model does not hold widgets.
@MainActor final class BusyWork {
    private weak var button: StyledButton?
    private(set) var starts = 0
    private(set) var isRunning = false

    /// Takes over `button`'s click handler; `onTap` runs first on every tap that clicks.
    init(on button: StyledButton, label: String? = nil, onTap: (@MainActor () -> Void)? = nil) {
        self.button = button
        button.busyLabel(label)  // room for it at rest: the button stays where the pointer is
        button.onClicked { [weak self] in
            onTap?()
            self?.start()
        }
    }

    /// The work begins: the button turns busy.
    func start() {
        starts += 1
        isRunning = true
        button?.setBusy(true)
    }

    /// The work ended: the button is back to normal.
    func finish() {
        isRunning = false
        button?.setBusy(false)
    }
}
