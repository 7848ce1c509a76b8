import FoundationEssentials
import GtkKit

/// Why a loading action ended without success, other than an error the action threw itself.
public enum LoadingError: Error, Equatable, LocalizedError {
    /// The action did not finish within the timeout; the button is usable again.
    case timedOut(after: Duration)
    /// ``StyledButton/cancelLoading()`` ended it.
    case cancelled

    public var errorDescription: String? {
        switch self {
        case .timedOut(let limit):
            "Took too long (over \(limit.components.seconds) s). Please try again."
        case .cancelled:
            "Cancelled."
        }
    }
}

/// What a button with a loading action remembers between taps.
struct LoadingState {
    struct Configuration {
        var label: String?
        var timeout: Duration
        var action: @MainActor () async throws -> Void
        var onError: (@MainActor (any Error) -> Void)?
    }

    /// One running action: its task and its deadline.
    struct Run {
        var generation: Int
        var task: Task<Void, Never>?
        var deadline: MainContextSource?
    }

    var configuration: Configuration?
    var run: Run?
    /// Generation of the latest run; a result from an older run (after a timeout or a
    /// cancel) is ignored.
    var generation = 0
    /// Whether the loading look is on (a run, or ``StyledButton/setBusy(_:label:)``).
    var isBusy = false
    /// The text next to the spinner now.
    var coverLabel: String?
    var errorMessage: String?
    var lastError: (any Error)?
    var ignoredClicks = 0
    var absorbedPresses = 0
}

extension StyledButton {
    /// Whether the button shows the loading look and swallows taps, clicks and keys.
    public var isLoading: Bool { loading.isBusy }
    /// The message shown under the button since its last action failed, if any.
    public var errorMessage: String? { loading.errorMessage }
    /// The error the last action failed with, if any.
    public var lastError: (any Error)? { loading.lastError }
    /// Clicks that arrived while loading or disabled and were ignored (keyboard activation,
    /// assistive technology).
    public var ignoredClickCount: Int { loading.ignoredClicks }
    /// Presses the loading cover took while loading.
    public var absorbedPressCount: Int { loading.absorbedPresses }

    /// Makes a tap run `action` once, with a spinner (and `label`, e.g. "Printing…") over the
    /// button until it ends. While it runs the cover takes every tap and the button ignores
    /// keys and clicks, so one run happens however often the button is tapped; the button is
    /// marked busy for assistive technology (`GTK_ACCESSIBLE_STATE_BUSY`).
    ///
    /// The run ends when the action returns or throws, when `timeout` passes
    /// (``LoadingError/timedOut(after:)``), or on ``cancelLoading()`` (``LoadingError/cancelled``);
    /// then the button is back to normal. A failure is shown under the button (except a
    /// cancel) and handed to `onError`. A late result of a run that already ended is ignored;
    /// the action's task is cancelled when the run ends early or GTK destroys the button's
    /// widget (which frees the `StyledButton`). A `CancellationError` the action
    /// throws itself is handed on but not shown, like ``LoadingError/cancelled``.
    @discardableResult
    public func loading(_ label: String? = nil, timeout: Duration = .seconds(30),
                        onError: (@MainActor (any Error) -> Void)? = nil,
                        action: @escaping @MainActor () async throws -> Void) -> StyledButton {
        // Tasks on the main actor only run under GLib's loop once the bridge drains the main queue.
        MainQueueBridge.install()
        loading.configuration = .init(label: label, timeout: timeout, action: action, onError: onError)
        if !isLoading { showCoverLabel(label) }
        return self
    }

    /// Starts the loading action as a tap would; does nothing while loading or without one.
    public func performAction() {
        guard !isLoading else { return }
        startLoadingIfConfigured()
    }

    /// Ends the running action now; the button returns to normal and `onError` receives
    /// ``LoadingError/cancelled``.
    public func cancelLoading() {
        guard let run = loading.run else { return }
        finish(run.generation, .failure(LoadingError.cancelled))
    }

    /// Hides the error message under the button.
    public func clearError() {
        guard loading.errorMessage != nil else { return }
        loading.errorMessage = nil
        loading.lastError = nil
        errorLabel.isVisible = false
        updateAccessibleDescription()
    }

    /// Shows or hides the loading look for work the app tracks itself (no action, no timeout).
    /// While busy the button swallows taps, clicks and keys exactly as during an action.
    public func setBusy(_ busy: Bool, label: String? = nil) {
        guard loading.run == nil else { return }  // a running action owns the look
        applyBusy(busy, label: label)
    }

    func startLoadingIfConfigured() {
        guard let configuration = loading.configuration, loading.run == nil else { return }
        clearError()
        loading.generation += 1
        let generation = loading.generation
        applyBusy(true, label: configuration.label)
        let milliseconds = configuration.timeout.components.seconds * 1000
            + configuration.timeout.components.attoseconds / 1_000_000_000_000_000
        let limit = configuration.timeout
        let deadline = MainContext.timeout(milliseconds: UInt32(clamping: max(1, milliseconds))) { [weak self] in
            self?.finish(generation, .failure(LoadingError.timedOut(after: limit)))
            return false
        }
        loading.run = .init(generation: generation, task: nil, deadline: deadline)
        let action = configuration.action
        loading.run?.task = Task { @MainActor [weak self] in
            do {
                try await action()
                self?.finish(generation, .success(()))
            } catch {
                self?.finish(generation, .failure(error))
            }
        }
    }

    private func finish(_ generation: Int, _ result: Result<Void, any Error>) {
        guard let run = loading.run, run.generation == generation else { return }
        loading.run = nil
        run.deadline?.cancel()
        run.task?.cancel()
        applyBusy(false, label: nil)
        guard case .failure(let error) = result else { return }
        // A cancel is the caller's own decision, not a failure to show the customer.
        if error as? LoadingError != .cancelled, !(error is CancellationError) {
            let message = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
            loading.errorMessage = message
            loading.lastError = error
            errorLabel.text = message
            errorLabel.isVisible = true
            updateAccessibleDescription()
        }
        loading.configuration?.onError?(error)
    }

    /// Turns the loading look on or off: the loading class on the button (the CSS makes the
    /// cover visible through it), the cover targetable and sensitive, the spinner spinning,
    /// the busy state.
    private func applyBusy(_ busy: Bool, label: String?) {
        // At rest the cover keeps the configured label, so the button's size stays the same.
        showCoverLabel(busy ? label : loading.configuration?.label)
        guard busy != loading.isBusy else { return }
        loading.isBusy = busy
        if busy { button.addCSSClass(CSSClass.loading) } else { button.removeCSSClass(CSSClass.loading) }
        cover.canTarget = busy
        // Sensitivity too: GTK re-targets a mouse that has not moved only when the widget under
        // it turns insensitive (not when it stops being targetable), so without this the first
        // click after loading would still land on the invisible cover.
        cover.isSensitive = busy
        spinner.isSpinning = busy
        cover.setAccessibleHidden(!busy)
        button.setAccessibleBusy(busy)
    }

    /// Sets the text next to the spinner, only when it changes.
    private func showCoverLabel(_ label: String?) {
        guard label != loading.coverLabel else { return }
        loading.coverLabel = label
        if let label { coverLabel.text = label }
        coverLabel.isVisible = label != nil
    }
}
