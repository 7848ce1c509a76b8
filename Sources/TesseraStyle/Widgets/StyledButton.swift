import GtkKit

/// A Tessera button: a `GtkButton` plus its style, context, disabled reason and busy look.
///
/// Every widget is created once, in `init`, and never replaced or re-parented: a style change,
/// a new label, a disabled reason or the busy look only toggles CSS classes and sets
/// properties — and only those that actually change. GTK tracks the press (`:active`) with its
/// own gesture on ``button``, so a press survives any number of updates to the button or the
/// screen around it, and `clicked` fires once, on release.
///
/// ```
/// Box (vertical)                         widget  ← put this in a container
/// ├── Overlay
/// │   ├── Button.tessera-button          button  ← style, context and loading classes
/// │   └── Box.tessera-loading-cover      (spinner + label) takes taps and keys while busy
/// └── Label.tessera-caption              why the button is disabled (hidden otherwise)
/// ```
///
/// The click handler and the state live in this object, and ``widget`` keeps it alive
/// (`Widget.keepAlive`): once the widget is in a container or window, a screen may drop its
/// `StyledButton` and the button still works, until GTK destroys the widget.
/// Before that (a widget not yet added), whoever built the button must hold it.
///
/// Modifiers chain like SwiftUI's and return the same button:
/// `StyledButton("Call next").style(.primary).onClicked { model.press(.callNext) }`; the screen
/// then shows the work with ``setBusy(_:label:)``, since its model knows when the work ends.
@MainActor public final class StyledButton {
    /// The whole composite; add this to a container.
    public let widget = Box(orientation: .vertical, spacing: 6)
    /// The `GtkButton` itself.
    public let button: Button
    let overlay = Overlay()
    let cover = Box(orientation: .horizontal, spacing: 0)
    let spinner = Spinner()
    let coverLabel = Label()
    /// The line under the button that says why it is off (hidden while on, or when the screen says it elsewhere).
    public let caption = Label()

    /// The current style.
    public private(set) var style: any ButtonStyle
    /// Where the button is used; decides its minimum height.
    public private(set) var context: ButtonContext
    /// Whether ``disabled(_:reason:)`` turned the button off (an insensitive container also
    /// disables it without changing this).
    public private(set) var isDisabled = false
    /// The reason shown while disabled.
    public private(set) var disabledReason: String?
    /// Whether the reason is written under the button (it is its tooltip and accessible
    /// description either way): off where a screen says every reason once, in one place.
    public private(set) var showsReasonCaption = true
    /// Whether ``setBusy(_:label:)`` shows the busy look; the button then swallows taps,
    /// clicks and keys.
    public private(set) var isBusy = false
    /// Clicks that arrived while busy or disabled and were ignored (keyboard activation,
    /// assistive technology).
    public private(set) var ignoredClickCount = 0
    /// Presses the cover took while busy.
    public private(set) var absorbedPressCount = 0

    private var currentLabel: String
    private var clickHandler: (@MainActor () -> Void)?
    /// The text next to the spinner now (laid out unseen at rest).
    private var coverText: String?
    /// What ``busyLabel(_:)`` reserves room for.
    private var reservedBusyLabel: String?

    /// Creates a button showing `label`.
    public init(_ label: String, style: some ButtonStyle = PrimaryButtonStyle(), context: ButtonContext = .desk) {
        button = Button(label: label)
        currentLabel = label
        self.style = style
        self.context = context
        button.addCSSClass(CSSClass.button)
        button.addCSSClass(style.cssClass)
        assembleTree()
        for part in [button, caption] { part.addCSSClass(context.cssClass) }
        button.onClicked { [weak self] _ in self?.handleClick() }
        guardInputWhileBusy()
        widget.keepAlive(self)
    }

    /// While busy, keys stop at ``widget`` before they reach the focused button, and the
    /// cover claims every pointer or touch press, so nothing under or around it reacts.
    private func guardInputWhileBusy() {
        let keys = EventControllerKey()
        keys.propagationPhase = .capture
        // Only presses: they start a button's activation (a release alone activates nothing),
        // and `key-released` cannot stop a key anyway (it returns nothing).
        keys.onKeyPressed { [weak self] _, _, _ in self?.isBusy ?? false }
        widget.addController(keys)
        let presses = GestureClick()
        presses.button = 0  // any button
        presses.propagationPhase = .bubble
        presses.onPressed { [weak self] gesture, _, _, _ in
            gesture.claim()
            self?.absorbedPressCount += 1
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
        // Laid out from the start (so it can catch a tap the moment the button turns busy) but
        // invisible (CSS opacity 0) and click-through until then.
        cover.canTarget = false
        cover.isSensitive = false
        overlay.child = button
        overlay.addOverlay(cover)
        // An unlabelled overlay is named after its type ("GtkOverlay") for assistive technology,
        // which a screen reader may speak around the button; an empty label leaves it unnamed.
        overlay.accessibleLabel = ""
        // The cover counts in the button's size, so a spinner and label always fit (and with
        // `busyLabel(_:)` laid out at rest, the button keeps its size when it turns busy);
        // hidden from assistive technology until then.
        overlay.setMeasureOverlay(cover, true)
        cover.setAccessibleHidden(true)
        caption.wraps = true
        caption.justification = .center
        caption.xalign = 0.5
        caption.isVisible = false
        caption.addCSSClass(CSSClass.caption)
        widget.append(overlay)
        widget.append(caption)
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
        // The caption too: a kiosk's is read from further away.
        for part in [button, caption] {
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
            caption.isVisible = newReason != nil && showsReasonCaption
            // GTK_ACCESSIBLE_PROPERTY_DESCRIPTION: a screen reader says why the button is off.
            button.accessibleDescription = newReason
        }
        return self
    }

    /// Lets a long label end in "…" rather than widen the screen (`Button.ellipsizeLabel`).
    @discardableResult
    public func ellipsizingLabel() -> StyledButton {
        button.ellipsizeLabel()
        return self
    }

    /// Keeps the disabled reason off the screen under the button (see `showsReasonCaption`).
    @discardableResult
    public func reasonCaption(shown: Bool) -> StyledButton {
        showsReasonCaption = shown
        caption.isVisible = disabledReason != nil && shown
        return self
    }

    /// Runs `handler` on each click that is not swallowed by the busy look. Replaces the
    /// previous handler without reconnecting the signal.
    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> StyledButton {
        clickHandler = handler
        return self
    }

    // MARK: Busy

    /// Shows or hides the busy look for work the screen's model tracks (a store call, a print):
    /// a spinner and `label` (e.g. "Printing…") over the button. While busy the cover takes every
    /// tap and the button ignores keys and clicks, so one piece of work runs however often the
    /// button is tapped; the button is marked busy for assistive technology
    /// (`GTK_ACCESSIBLE_STATE_BUSY`).
    ///
    /// Without ``busyLabel(_:)`` the button grows when `label` needs more room than its own text.
    public func setBusy(_ busy: Bool, label: String? = nil) {
        showCoverText(busy ? label ?? reservedBusyLabel : reservedBusyLabel)
        guard busy != isBusy else { return }
        isBusy = busy
        if busy { button.addCSSClass(CSSClass.loading) } else { button.removeCSSClass(CSSClass.loading) }
        cover.canTarget = busy
        // Sensitivity too: GTK re-targets a mouse that has not moved only when the widget under
        // it turns insensitive (not when it stops being targetable), so without this the first
        // click after the busy look would still land on the invisible cover.
        cover.isSensitive = busy
        spinner.isSpinning = busy
        cover.setAccessibleHidden(!busy)
        button.setAccessibleBusy(busy)
    }

    /// The text ``setBusy(_:label:)`` shows when given none, laid out unseen at rest too: the
    /// cover counts in the button's size, so the button keeps its size when it turns busy.
    @discardableResult
    public func busyLabel(_ label: String?) -> StyledButton {
        reservedBusyLabel = label
        if !isBusy { showCoverText(label) }
        return self
    }

    /// Sets the text next to the spinner, only when it changes.
    private func showCoverText(_ text: String?) {
        guard text != coverText else { return }
        coverText = text
        if let text { coverLabel.text = text }
        coverLabel.isVisible = text != nil
    }

    private func handleClick() {
        // GTK still emits `clicked` when an insensitive button is activated programmatically
        // (`gtk_widget_activate`, e.g. from assistive technology): a disabled button ignores it.
        guard !isBusy, button.isEffectivelySensitive else {
            ignoredClickCount += 1
            return
        }
        clickHandler?()
    }
}
