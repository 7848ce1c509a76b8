import GtkKit

/// A Tessera button: a `GtkButton` plus its style, context, disabled reason and loading action.
///
/// Every widget is created once, in `init`, and never replaced or re-parented: a style change,
/// a new label, a disabled reason or a running action only toggles CSS classes and sets
/// properties — and only those that actually change. GTK tracks the press (`:active`) with its
/// own gesture on ``button``, so a press survives any number of updates to the button or the
/// screen around it, and `clicked` fires once, on release.
///
/// ```
/// Box (vertical)                         widget  ← put this in a container
/// ├── Overlay
/// │   ├── Button.tessera-button          button  ← style, context and loading classes
/// │   └── Box.tessera-loading-cover      (spinner + label) takes taps and keys while loading
/// ├── Label.tessera-caption              why the button is disabled (hidden otherwise)
/// └── Label.tessera-error                why the last action failed (hidden otherwise)
/// ```
///
/// The click handler, the loading action and the state live in this object, and ``widget``
/// keeps it alive (`Widget.keepAlive`): once the widget is in a container or window, a screen
/// may drop its `StyledButton` and the button still works, until GTK destroys the widget.
/// Before that (a widget not yet added), whoever built the button must hold it.
///
/// Modifiers chain like SwiftUI's and return the same button:
/// `StyledButton("Call next").style(.primary).loading("Calling…") { try await desk.callNext() }`.
@MainActor public final class StyledButton {
    /// The whole composite; add this to a container.
    public let widget = Box(orientation: .vertical, spacing: 6)
    /// The `GtkButton` itself.
    public let button: Button
    let overlay = Overlay()
    let cover = Box(orientation: .horizontal, spacing: 0)
    let spinner = Spinner()
    let coverLabel = Label()
    let caption = Label()
    let errorLabel = Label()

    /// The current style.
    public private(set) var style: any ButtonStyle
    /// Where the button is used; decides its minimum height.
    public private(set) var context: ButtonContext
    /// Whether ``disabled(_:reason:)`` turned the button off (an insensitive container also
    /// disables it without changing this).
    public private(set) var isDisabled = false
    /// The reason shown while disabled.
    public private(set) var disabledReason: String?

    private var currentLabel: String
    private var clickHandler: (@MainActor () -> Void)?
    /// Loading state; see `StyledButton+Loading.swift`.
    var loading = LoadingState()

    /// Creates a button showing `label`.
    public init(_ label: String, style: some ButtonStyle = PrimaryButtonStyle(), context: ButtonContext = .desk) {
        button = Button(label: label)
        currentLabel = label
        self.style = style
        self.context = context
        button.addCSSClass(CSSClass.button)
        button.addCSSClass(style.cssClass)
        assembleTree()
        for part in [button, caption, errorLabel] { part.addCSSClass(context.cssClass) }
        button.onClicked { [weak self] _ in self?.handleClick() }
        guardInputWhileLoading()
        widget.keepAlive(self)
    }

    /// The widget is gone (this object lives as long as it): a running action has no button
    /// to report to.
    isolated deinit {
        loading.run?.deadline?.cancel()
        loading.run?.task?.cancel()
    }

    /// While loading, keys stop at ``widget`` before they reach the focused button, and the
    /// cover claims every pointer or touch press, so nothing under or around it reacts.
    private func guardInputWhileLoading() {
        let keys = EventControllerKey()
        keys.propagationPhase = .capture
        // Only presses: they start a button's activation (a release alone activates nothing),
        // and `key-released` cannot stop a key anyway (it returns nothing).
        keys.onKeyPressed { [weak self] _, _, _ in self?.isLoading ?? false }
        widget.addController(keys)
        let presses = GestureClick()
        presses.button = 0  // any button
        presses.propagationPhase = .bubble
        presses.onPressed { [weak self] gesture, _, _, _ in
            gesture.claim()
            self?.loading.absorbedPresses += 1
        }
        cover.addController(presses)
    }

    private func assembleTree() {
        let content = Box(orientation: .horizontal, spacing: 12)
        content.halign = .center
        content.valign = .center
        content.hexpand = true
        content.append(spinner)
        content.append(coverLabel)
        coverLabel.isVisible = false
        cover.addCSSClass(CSSClass.loadingCover)
        cover.append(content)
        // Laid out from the start (so it can catch a tap the moment loading begins) but
        // invisible (CSS opacity 0) and click-through until then.
        cover.canTarget = false
        cover.isSensitive = false
        overlay.child = button
        overlay.addOverlay(cover)
        // An unlabelled overlay is named after its type ("GtkOverlay") for assistive technology,
        // which a screen reader may speak around the button; an empty label leaves it unnamed.
        overlay.accessibleLabel = ""
        // The cover counts in the button's size, so a spinner and label always fit and the
        // button does not change size when loading starts; hidden from assistive technology
        // until then.
        overlay.setMeasureOverlay(cover, true)
        cover.setAccessibleHidden(true)
        for label in [caption, errorLabel] {
            label.wraps = true
            label.justification = .center
            label.xalign = 0.5
            label.isVisible = false
        }
        caption.addCSSClass(CSSClass.caption)
        errorLabel.addCSSClass(CSSClass.error)
        widget.append(overlay)
        widget.append(caption)
        widget.append(errorLabel)
    }

    /// The text on the button (`gtk_button_set_label`, only when it changes).
    public var label: String {
        get { currentLabel }
        set {
            guard newValue != currentLabel else { return }
            currentLabel = newValue
            button.label = newValue
        }
    }

    // MARK: Modifiers

    /// Gives the button `style`: swaps the style class, nothing else.
    @discardableResult
    public func style(_ newStyle: some ButtonStyle) -> StyledButton {
        guard newStyle.cssClass != style.cssClass else { return self }
        button.removeCSSClass(style.cssClass)
        button.addCSSClass(newStyle.cssClass)
        style = newStyle
        return self
    }

    /// Sizes the button for `newContext` (kiosk or desk): swaps the context class.
    @discardableResult
    public func context(_ newContext: ButtonContext) -> StyledButton {
        guard newContext != context else { return self }
        // The caption and error too: a kiosk's are read from further away.
        for part in [button, caption, errorLabel] {
            part.removeCSSClass(context.cssClass)
            part.addCSSClass(newContext.cssClass)
        }
        context = newContext
        return self
    }

    /// Turns the button off or on (GTK sensitivity: it then ignores pointer, touch and keys).
    /// A `reason` is shown under the button, as its tooltip and as its accessible description.
    @discardableResult
    public func disabled(_ disabled: Bool = true, reason: String? = nil) -> StyledButton {
        let newReason = disabled ? reason : nil
        if disabled != isDisabled {
            isDisabled = disabled
            button.isSensitive = !disabled
        }
        if newReason != disabledReason {
            disabledReason = newReason
            button.tooltipText = newReason
            if let newReason { caption.text = newReason }
            caption.isVisible = newReason != nil
            updateAccessibleDescription()
        }
        return self
    }

    /// Runs `handler` on each click that is not swallowed by a running action. Replaces the
    /// previous handler without reconnecting the signal.
    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> StyledButton {
        clickHandler = handler
        return self
    }

    // MARK: Internals shared with the loading modifier

    private func handleClick() {
        // GTK still emits `clicked` when an insensitive button is activated programmatically
        // (`gtk_widget_activate`, e.g. from assistive technology): a disabled button ignores it.
        guard !isLoading, button.isEffectivelySensitive else {
            loading.ignoredClicks += 1
            return
        }
        clickHandler?()
        startLoadingIfConfigured()
    }

    /// The button's accessible description: the disabled reason and the last error, if any
    /// (`GTK_ACCESSIBLE_PROPERTY_DESCRIPTION`).
    func updateAccessibleDescription() {
        let parts = [disabledReason, loading.errorMessage].compactMap { $0 }
        let text = parts.isEmpty ? nil : parts.joined(separator: ". ")
        guard text != button.accessibleDescription else { return }
        button.accessibleDescription = text
    }
}
