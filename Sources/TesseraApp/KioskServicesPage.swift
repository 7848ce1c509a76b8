import GtkKit
import Localization
import QueueCore
import TesseraFeatures
import TesseraStyle

/// The services page's layout, in pixels unless named otherwise.
private enum Layout {
    static let sectionSpacing: Int32 = 32
    static let languageSpacing: Int32 = 16
    static let pageMargin: Int32 = 24
    static let buttonSpacing: UInt32 = 24
    /// Service buttons 100 px high, so twelve (four rows of three) fit 1366×768 with a margin.
    static let buttonSize = (width: Int32(300), height: Int32(100))
    /// A long service name wraps inside its button instead of widening the window.
    static let buttonNameChars: Int32 = 20
    static let promptChars: Int32 = 32
    static let noticeChars: Int32 = 40
}

/// The services page: a grid of big buttons, one per open service, that follows the store.
/// Buttons are added, removed and renamed only while no button is pressed and the kiosk takes
/// taps: a change never pulls a button from under a finger.
@MainActor final class KioskServicesPage {
    let root = Box(orientation: .vertical, spacing: Layout.sectionSpacing)
    /// "Welcome to <store>", from the store's configuration.
    let welcome = Label()
    /// "Take a ticket", or that no service takes tickets (the page starts with no buttons).
    let prompt = Label()
    /// Why the last tap gave no ticket, or that the store is slow; under the buttons.
    let notice = Label()
    /// One button per language the customer may switch to, each named in itself ("Cymraeg").
    let languageBar = Box(orientation: .horizontal, spacing: Layout.languageSpacing)
    private(set) var languageButtons: [Language: StyledButton] = [:]
    /// The words in the customer's language; `show(words:)` changes them.
    private(set) var words = KioskWords(language: .locale)
    private let grid = Grid()
    private(set) var buttons: [ServiceCode: StyledButton] = [:]
    private var labels: [ServiceCode: Label] = [:]
    private var attached: Set<ServiceCode> = []
    /// Why a service gives no ticket now; its button stays disabled and says so.
    private var refusals: [ServiceCode: QueueError] = [:]
    /// The services the buttons show now (the model's may be newer).
    private(set) var shown: [KioskService] = []
    private let choose: @MainActor (ServiceCode) -> Void
    /// At most this many columns: the demo's kiosk, a third of a window, has one.
    private let maxColumns: Int
    /// The most columns any kiosk has: three 300 px buttons fit a portrait 1080 px screen.
    static let mostColumns = 3

    init(maxColumns: Int = mostColumns, languages: KioskLanguages = KioskLanguages(),
         choose: @escaping @MainActor (ServiceCode) -> Void, chooseLanguage: @escaping @MainActor (Language) -> Void) {
        self.choose = choose
        words = KioskWords(language: languages.standard)
        self.maxColumns = maxColumns
        root.valign = .center
        root.halign = .center
        root.margins = EdgeInsets(all: Layout.pageMargin)
        KioskText.set(prompt, words.noServices, .title)
        prompt.wraps = true
        prompt.maxWidthChars = Layout.promptChars
        prompt.justification = .center
        grid.rowSpacing = Layout.buttonSpacing
        grid.columnSpacing = Layout.buttonSpacing
        grid.columnHomogeneous = true
        grid.rowHomogeneous = false
        grid.halign = .center
        notice.wraps = true
        notice.justification = .center
        notice.maxWidthChars = Layout.noticeChars
        notice.isVisible = false
        welcome.wraps = true
        welcome.justification = .center
        welcome.isVisible = false
        languageBar.halign = .center
        languageBar.isVisible = languages.offersChoice
        for language in languages.offered where languages.offersChoice {
            let button = StyledButton(language.name, style: .secondary, context: .kiosk).onClicked {
                chooseLanguage(language)
            }
            button.button.accessibleDescription = KioskWords(language: language).chooseLanguage
            button.widget.isVisible = language != languages.standard
            languageButtons[language] = button
            languageBar.append(button.widget)
        }
        for widget in [welcome, prompt, grid, notice, languageBar] { root.append(widget) }
    }

    /// Every word on the page in `newWords`' language; the button of that language hides.
    func show(words newWords: KioskWords, storeName: String) {
        guard newWords.language != words.language else { return }
        words = newWords
        for (language, button) in languageButtons { button.widget.isVisible = language != words.language }
        KioskText.set(prompt, shown.isEmpty ? words.noServices : words.prompt, .title)
        welcomeName = nil
        show(storeName: storeName)
        for service in shown { if let label = labels[service.code] { KioskText.setButton(label, name: service.name, detail: waitText(service)) } }
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
        }
        for service in services {
            if let label = labels[service.code] {
                KioskText.setButton(label, name: service.name, detail: waitText(service))
                buttons[service.code]?.button.accessibleLabel = service.name
            } else {
                makeButton(service)
            }
        }
        refusals = Dictionary(uniqueKeysWithValues: services.compactMap { service in service.refusal.map { (service.code, $0) } })
        // Only when the buttons change: a re-attached button is a new object to assistive technology.
        if services.map(\.code) != shown.map(\.code) { arrange(services.map(\.code)) }
        let noneTakes = services.allSatisfy { $0.refusal != nil }
        KioskText.set(prompt, noneTakes ? words.noServices : words.prompt, .title)
        shown = services
    }

    private var welcomeName: String?

    func show(storeName: String) {
        if !storeName.isEmpty, storeName != welcomeName { KioskText.set(welcome, words.welcome(storeName), .large, bold: false) }
        welcomeName = storeName
        welcome.isVisible = !storeName.isEmpty
    }

    func setButtons(busy: ServiceCode?, enabled: Bool, busyLabel: String? = nil) {
        for (code, button) in buttons {
            button.setBusy(code == busy, label: busyLabel ?? words.issuing)
            let refusal = refusals[code]
            if code != busy { button.disabled(!enabled || refusal != nil, reason: refusal.map(words.unavailable)) }
        }
        for button in languageButtons.values { button.disabled(!enabled) }
    }

    func show(notice text: String?) {
        if let text { KioskText.set(notice, text, .large) }
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
        let button = StyledButton(service.name, style: .primary, context: .kiosk).onClicked { [weak self] in
            self?.choose(code)
        }
        // Our own label, so that a long name can wrap and the wait can go under it.
        let label = Label()
        KioskText.setButton(label, name: service.name, detail: waitText(service))
        label.wraps = true
        label.justification = .center
        label.maxWidthChars = Layout.buttonNameChars
        button.button.child = label
        button.button.accessibleLabel = service.name
        button.widget.setSizeRequest(width: Layout.buttonSize.width, height: Layout.buttonSize.height)
        // Fills its grid cell, so every button in a row is as tall as the one with the longest name.
        button.button.vexpand = true
        KioskTrace.markPressedLook(of: button.button)
        buttons[code] = button
        labels[code] = label
    }

    /// Lays the buttons out in code order, in as many columns as keep the grid roughly square
    /// and at most three wide, so 1 to 12 services fit 1366×768 as well as portrait 1080×1920.
    private func arrange(_ codes: [ServiceCode]) {
        for code in attached { if let button = buttons[code] { grid.remove(button.widget) } }
        attached = []
        let columns = min(Self.columns(for: codes.count), maxColumns)
        for (index, code) in codes.enumerated() {
            guard let button = buttons[code] else { continue }
            grid.attach(button.widget, column: Int32(index % columns), row: Int32(index / columns))
            attached.insert(code)
        }
    }

    static func columns(for count: Int) -> Int {
        switch count {
        case ...3: max(count, 1)
        case 4: 2
        default: mostColumns
        }
    }
}
