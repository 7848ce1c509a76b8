import GtkKit
import Localization
import TesseraFeatures
import TesseraStyle

/// The desk's buttons, each bound to the action it stands for now (nil: hidden), all updated from
/// the model in one pass. A disabled button says why as its tooltip and accessible description,
/// never under itself: `update` hands the reasons back, each once, for the screen's one line.
@MainActor final class DeskButtons {
    private struct Binding {
        let button: StyledButton
        let action: () -> DeskAction?
        /// Whether its reason goes on the screen's line now (buttons out of sight explain nothing).
        let explains: () -> Bool
        /// Its reason comes before the others' (Call next's: what the desk is for).
        let leads: Bool
    }

    let model: DeskModel
    private var bindings: [Binding] = []
    /// Every button by its key (tests and focus find them there, in any language).
    private(set) var buttons: [String: StyledButton] = [:]

    init(model: DeskModel) { self.model = model }

    /// A button standing for whatever `action` returns at the moment of the click.
    /// `key`: its name in `buttons`; `label`: what it says until `update` relabels it.
    func bind(key name: String, _ label: String? = nil, style: some ButtonStyle, context: ButtonContext = .desk,
              explains: @escaping () -> Bool = { true }, leads: Bool = false,
              _ action: @escaping () -> DeskAction?) -> StyledButton {
        let button = StyledButton(label ?? name, style: style, context: context).reasonCaption(shown: false)
        button.onClicked { [weak self] in
            guard let self, let current = action() else { return }
            model.press(current)
        }
        bindings.append(Binding(button: button, action: action, explains: explains, leads: leads))
        buttons[name] = button
        return button
    }

    /// A button the screen runs itself, kept under `key` with the others.
    func register(key name: String, _ button: StyledButton) {
        button.reasonCaption(shown: false)
        buttons[name] = button
    }

    /// Shows, labels, enables and marks busy every button; returns why the disabled ones that
    /// explain themselves are off, each reason once, in the order they were bound.
    func update(label: (DeskAction) -> String?) -> [String] {
        var reasons: [String] = []
        var leading: [String] = []
        for binding in bindings {
            let button = binding.button
            guard let action = binding.action() else {
                button.widget.isVisible = false
                continue
            }
            button.widget.isVisible = true
            if let text = label(action), text != button.label { button.label = text }
            let busy = model.pending == action
            button.setBusy(busy, label: localized("Working…"))
            guard !busy else { continue }
            let availability = model.availability(of: action)
            button.disabled(!availability.isEnabled, reason: availability.reason)
            guard let reason = availability.reason, binding.explains() else { continue }
            if binding.leads { leading.append(reason) } else { reasons.append(reason) }
        }
        var once: [String] = []
        for reason in leading + reasons where !once.contains(reason) { once.append(reason) }
        return once
    }
}
