import GtkKit
import Localization
import QueueCore
import TesseraFeatures
import TesseraStyle

/// The services page's layout, in pixels unless named otherwise.
private enum Layout {
    static let sectionSpacing: Int32 = 16
    static let pageMargin: Int32 = 24
    static let buttonSpacing: UInt32 = 24
    /// No button smaller than 20 mm for a thumb, at 96 dpi (20 / 25.4 × 96 ≈ 76 px); the grid
    /// gives each button its share of the screen, far more on every screen a kiosk has.
    static let thumb: Int32 = 76
    /// A long service name wraps inside its button instead of widening the window.
    static let buttonNameChars: Int32 = 20
    static let promptChars: Int32 = 32
    static let noticeChars: Int32 = 40
}

/// The services page: a grid of big buttons, one per service, that follows the store and
/// fills the screen; under it the language buttons and the look toggles.
/// Buttons are added, removed and renamed only while no button is pressed and the kiosk takes
/// taps: a change never pulls a button from under a finger.
@MainActor final class KioskServicesPage {
    /// The whole page, in the theme's surface colour.
    let root = Box(orientation: .vertical, spacing: 0)
    private let content = Box(orientation: .vertical, spacing: Layout.sectionSpacing)
    /// "Welcome to <store>", from the store's configuration.
    let welcome = Label()
    /// "Take a ticket", or that no service takes tickets (the page starts with no buttons).
    let prompt = Label()
    /// Why the last tap gave no ticket, or that the store is slow; under the buttons.
    let notice = Label()
    /// The language buttons and the look toggles.
    let choices: KioskChoiceBar
    var languageButtons: [Language: StyledButton] { choices.languageButtons }
    /// The words in the customer's language; `show(words:)` changes them.
    private(set) var words = KioskWords(language: .locale)
    /// How much larger than standard every text is (large text).
    private(set) var scale = 1.0
    private var noticeText: String?
    private let grid = Grid()
    private(set) var buttons: [ServiceCode: StyledButton] = [:]
    private var labels: [ServiceCode: Label] = [:]
    /// Why each service gives no ticket, inside its button: a caption under it would make it shorter.
    private var reasonLabels: [ServiceCode: Label] = [:]
    private var attached: Set<ServiceCode> = []
    /// Why a service gives no ticket now; its button stays disabled and says so.
    private var refusals: [ServiceCode: QueueError] = [:]
    /// The services the buttons show now (the model's may be newer).
    private(set) var shown: [KioskService] = []
    private let choose: @MainActor (ServiceCode) -> Void
    /// At most this many columns: the demo's kiosk, a third of a window, has one.
    private let maxColumns: Int
    /// Whether the screen is taller than wide: the buttons then stack in fewer columns.
    private let portrait: Bool
    /// The most columns any kiosk has: twelve services in three rows on a landscape screen.
    static let mostColumns = 4

    init(maxColumns: Int = mostColumns, languages: KioskLanguages = KioskLanguages(),
         choose: @escaping @MainActor (ServiceCode) -> Void, chooseLanguage: @escaping @MainActor (Language) -> Void,
         toggle: @escaping @MainActor (KioskLook.Option) -> Void = { _ in }) {
        self.choose = choose
        words = KioskWords(language: languages.standard)
        self.maxColumns = maxColumns
        portrait = Monitors.firstSize.map { $0.height > $0.width } ?? false
        choices = KioskChoiceBar(languages: languages, stacked: maxColumns == 1, chooseLanguage: chooseLanguage, toggle: toggle)
        root.addCSSClass(CSSClass.surface)
        root.hexpand = true
        root.vexpand = true
        content.margins = EdgeInsets(all: Layout.pageMargin)
        content.hexpand = true
        content.vexpand = true
        root.append(content)
        prompt.wraps = true
        prompt.maxWidthChars = Layout.promptChars
        prompt.justification = .center
        grid.rowSpacing = Layout.buttonSpacing
        grid.columnSpacing = Layout.buttonSpacing
        // Every button in a row as tall as the row, disabled ones too, and all as wide; a row with
        // a long name may be taller than the others, so that twelve services fit 1366×768.
        grid.columnHomogeneous = true
        grid.rowHomogeneous = false
        grid.hexpand = true
        grid.vexpand = true
        notice.wraps = true
        notice.justification = .center
        notice.maxWidthChars = Layout.noticeChars
        notice.isVisible = false
        welcome.wraps = true
        welcome.justification = .center
        welcome.isVisible = false
        for label in [welcome, prompt, notice] { label.addCSSClass(CSSClass.text) }
        setPrompt()
        for widget in [welcome, prompt, grid, notice, choices.root] { content.append(widget) }
    }

    /// Every word on the page in `newWords`' language; the button of that language hides.
    func show(words newWords: KioskWords, storeName: String) {
        guard newWords.language != words.language else { return }
        words = newWords
        choices.show(words: words)
        relabel(storeName: storeName)
    }

    /// Every text on the page `newScale` times its standard size.
    func show(scale newScale: Double, storeName: String) {
        guard newScale != scale else { return }
        scale = newScale
        relabel(storeName: storeName)
        if let noticeText { KioskText.set(notice, noticeText, .large, scale: scale) }
    }

    private func relabel(storeName: String) {
        setPrompt()
        welcomeName = nil
        show(storeName: storeName)
        for service in shown { setLabels(service) }
    }

    private func setPrompt() {
        let noneTakes = shown.allSatisfy { $0.refusal != nil }
        KioskText.set(prompt, noneTakes ? words.noServices : words.prompt, .title, scale: scale)
    }

    private func setLabels(_ service: KioskService) {
        if let label = labels[service.code] {
            KioskText.setButton(label, name: service.name(in: words.language), detail: waitText(service), scale: scale)
        }
        buttons[service.code]?.button.accessibleLabel = service.name(in: words.language)
        if let reason = reasonLabels[service.code] {
            let text = service.refusal.map(words.unavailable)
            if let text { KioskText.set(reason, text, .buttonDetail, bold: false, scale: scale) }
            reason.isVisible = text != nil
        }
    }

    /// Whether a finger or the mouse is down on any service button.
    var isPressed: Bool { buttons.values.contains { $0.button.stateFlags.contains(.active) } }

    /// Makes the buttons match `services`; the caller makes sure no press is in progress.
    func show(_ services: [KioskService]) {
        guard services != shown else { return }
        let codes = Set(services.map(\.code))
        for (code, button) in buttons where !codes.contains(code) {
            if attached.remove(code) != nil { grid.remove(button.widget) }
            buttons[code] = nil
            labels[code] = nil
            reasonLabels[code] = nil
        }
        for service in services {
            if buttons[service.code] == nil { makeButton(service) }
            setLabels(service)
        }
        refusals = Dictionary(uniqueKeysWithValues: services.compactMap { service in service.refusal.map { (service.code, $0) } })
        // Only when the buttons change: a re-attached button is a new object to assistive technology.
        if services.map(\.code) != shown.map(\.code) { arrange(services.map(\.code)) }
        shown = services
        setPrompt()
    }

    private var welcomeName: String?

    func show(storeName: String) {
        if !storeName.isEmpty, storeName != welcomeName {
            KioskText.set(welcome, words.welcome(storeName), .large, bold: false, scale: scale)
        }
        welcomeName = storeName
        welcome.isVisible = !storeName.isEmpty
    }

    func setButtons(busy: ServiceCode?, enabled: Bool, busyLabel: String? = nil) {
        for (code, button) in buttons {
            button.setBusy(code == busy, label: busyLabel ?? words.issuing)
            let refusal = refusals[code]
            if code != busy { button.disabled(!enabled || refusal != nil) }
            // The reason is on the button itself (`reasonLabels`), and said by assistive technology.
            let reason = refusal.map(words.unavailable)
            if button.button.accessibleDescription != reason {
                button.button.accessibleDescription = reason
                button.button.tooltipText = reason
            }
        }
        choices.setEnabled(enabled)
    }

    func show(notice text: String?) {
        if let text, text != noticeText { KioskText.set(notice, text, .large, scale: scale) }
        noticeText = text
        notice.isVisible = text != nil
    }

    /// The wait a ticket of `service` taken now would get, in a few words; nothing when it could
    /// not be read or the service gives no ticket now.
    private func waitText(_ service: KioskService) -> String? {
        guard service.refusal == nil, let standing = service.newTicket else { return nil }
        return WaitWords(words.language).short(peopleAhead: standing.peopleAhead, estimate: standing.estimatedWait)
    }

    private func makeButton(_ service: KioskService) {
        let code = service.code
        let style = ServiceButtonStyle(code: code.rawValue, colour: service.colour)
        let button = StyledButton(service.name(in: words.language), style: style, context: .kiosk).onClicked { [weak self] in
            self?.choose(code)
        }
        // Our own labels, so that a long name can wrap and the wait or the reason can go under it.
        let box = Box(orientation: .vertical, spacing: 4)
        box.valign = .center
        let label = Label()
        let reason = Label()
        for part in [label, reason] {
            part.wraps = true
            part.justification = .center
            part.maxWidthChars = Layout.buttonNameChars
            box.append(part)
        }
        reason.isVisible = false
        button.button.child = box
        button.widget.setSizeRequest(width: Layout.thumb, height: Layout.thumb)
        // Fills its grid cell: the grid decides every button's size.
        button.widget.hexpand = true
        button.widget.vexpand = true
        button.button.vexpand = true
        KioskTrace.markPressedLook(of: button.button)
        buttons[code] = button
        labels[code] = label
        reasonLabels[code] = reason
    }

    /// Lays the buttons out in code order, in as many columns as fill the screen's shape: wide
    /// on a landscape screen, stacked on a portrait one, so 1 to 12 services fit 1366×768 as well
    /// as portrait 1080×1920.
    private func arrange(_ codes: [ServiceCode]) {
        for code in attached { if let button = buttons[code] { grid.remove(button.widget) } }
        attached = []
        let columns = min(Self.columns(for: codes.count, portrait: portrait), maxColumns)
        for (index, code) in codes.enumerated() {
            guard let button = buttons[code] else { continue }
            grid.attach(button.widget, column: Int32(index % columns), row: Int32(index / columns))
            attached.insert(code)
        }
    }

    static func columns(for count: Int, portrait: Bool) -> Int {
        if portrait {
            return switch count {
            case ...5: 1
            case 6...10: 2
            default: 3
            }
        }
        return switch count {
        case ...3: max(count, 1)
        case 4: 2
        case 5, 6: 3
        default: mostColumns
        }
    }
}
