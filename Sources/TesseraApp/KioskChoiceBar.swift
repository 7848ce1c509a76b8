import GtkKit
import Localization
import TesseraFeatures
import TesseraStyle

/// The row under the services: a button per language the customer may switch to, each named in
/// itself ("Cymraeg"), then the high-contrast and large-text toggles. A toggle that is on has the
/// primary look and says "On" to assistive technology.
@MainActor final class KioskChoiceBar {
    private enum Layout {
        static let spacing: Int32 = 16
        /// 20 mm for a thumb at 96 dpi (20 / 25.4 × 96 ≈ 76 px).
        static let thumb: Int32 = 76
    }

    /// One row; a column on a kiosk of one column of services (the demo's third), where a row of
    /// them is wider than the page.
    let root: Box
    private(set) var languageButtons: [Language: StyledButton] = [:]
    private(set) var lookButtons: [KioskLook.Option: StyledButton] = [:]
    private var look: KioskLook?

    init(languages: KioskLanguages, stacked: Bool = false, chooseLanguage: @escaping @MainActor (Language) -> Void,
         toggle: @escaping @MainActor (KioskLook.Option) -> Void) {
        root = Box(orientation: stacked ? .vertical : .horizontal, spacing: Layout.spacing)
        root.halign = .center
        for language in languages.offered where languages.offersChoice {
            let button = StyledButton(language.name, style: .secondary, context: .kiosk).onClicked {
                chooseLanguage(language)
            }
            button.button.accessibleDescription = KioskWords(language: language).chooseLanguage
            button.widget.isVisible = language != languages.standard
            add(button)
            languageButtons[language] = button
        }
        let words = KioskWords(language: languages.standard)
        for option in KioskLook.Option.allCases {
            let button = StyledButton(words.look(option), style: .secondary, context: .kiosk).onClicked { toggle(option) }
            add(button)
            lookButtons[option] = button
        }
    }

    private func add(_ button: StyledButton) {
        button.widget.setSizeRequest(width: Layout.thumb, height: Layout.thumb)
        root.append(button.widget)
    }

    /// The toggles' words in `words`' language; the button of that language hides.
    func show(words: KioskWords) {
        for (language, button) in languageButtons { button.widget.isVisible = language != words.language }
        for (option, button) in lookButtons { button.label = words.look(option) }
        if let look { show(look, words: words, force: true) }
    }

    /// Each toggle's look and state; only a class and a description change.
    func show(_ newLook: KioskLook, words: KioskWords, force: Bool = false) {
        guard force || newLook != look else { return }
        look = newLook
        for (option, button) in lookButtons {
            let on = newLook[option]
            if on { button.style(.primary) } else { button.style(.secondary) }
            button.button.accessibleDescription = words.lookState(on)
        }
    }

    func setEnabled(_ enabled: Bool) {
        for button in Array(languageButtons.values) + Array(lookButtons.values) { button.disabled(!enabled) }
    }
}
