import GtkKit
import QueueCore
import TesseraFeatures
import TesseraStyle

/// The services page: a grid of big buttons, one per open service, that follows the store.
/// Buttons are added, removed and renamed only while no button is pressed and the kiosk takes
/// taps: a change never pulls a button from under a finger.
@MainActor final class KioskServicesPage {
    let root = Box(orientation: .vertical, spacing: 32)
    /// "Welcome to <store>", from the store's configuration.
    let welcome = Label()
    /// "Take a ticket", or that no service takes tickets (the page starts with no buttons).
    let prompt = Label()
    /// Why the last tap gave no ticket, or that the store is slow; under the buttons.
    let notice = Label()
    private let grid = Grid()
    private(set) var buttons: [ServiceCode: StyledButton] = [:]
    private var labels: [ServiceCode: Label] = [:]
    private var attached: Set<ServiceCode> = []
    /// The services the buttons show now (the model's may be newer).
    private(set) var shown: [KioskService] = []
    private let choose: @MainActor (ServiceCode) -> Void
    /// At most this many columns: the demo's kiosk, a third of a window, has one.
    private let maxColumns: Int

    init(maxColumns: Int = 3, choose: @escaping @MainActor (ServiceCode) -> Void) {
        self.choose = choose
        self.maxColumns = maxColumns
        root.valign = .center
        root.halign = .center
        root.margins = EdgeInsets(all: 24)
        KioskText.set(prompt, KioskWords.noServices, .title)
        prompt.wraps = true
        prompt.maxWidthChars = 32
        prompt.justification = .center
        grid.rowSpacing = 24
        grid.columnSpacing = 24
        grid.columnHomogeneous = true
        grid.rowHomogeneous = false
        grid.halign = .center
        notice.wraps = true
        notice.justification = .center
        notice.maxWidthChars = 40
        notice.isVisible = false
        welcome.wraps = true
        welcome.justification = .center
        welcome.isVisible = false
        for widget in [welcome, prompt, grid, notice] { root.append(widget) }
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
                KioskText.set(label, service.name, .button)
                buttons[service.code]?.button.accessibleLabel = service.name
            } else {
                makeButton(service)
            }
        }
        arrange(services.map(\.code))
        KioskText.set(prompt, services.isEmpty ? KioskWords.noServices : KioskWords.prompt, .title)
        shown = services
    }

    func show(storeName: String) {
        if !storeName.isEmpty { KioskText.set(welcome, "Welcome to \(storeName)", .large, bold: false) }
        welcome.isVisible = !storeName.isEmpty
    }

    func setButtons(busy: ServiceCode?, enabled: Bool, busyLabel: String = KioskWords.issuing) {
        for (code, button) in buttons {
            button.setBusy(code == busy, label: busyLabel)
            if code != busy { button.disabled(!enabled) }
        }
    }

    func show(notice text: String?) {
        if let text { KioskText.set(notice, text, .large) }
        notice.isVisible = text != nil
    }

    private func makeButton(_ service: KioskService) {
        let code = service.code
        let button = StyledButton(service.name, style: .primary, context: .kiosk).onClicked { [weak self] in
            self?.choose(code)
        }
        // Our own label, so a long name wraps inside the button instead of widening the window.
        let label = Label()
        KioskText.set(label, service.name, .button)
        label.wraps = true
        label.justification = .center
        label.maxWidthChars = 20
        button.button.child = label
        button.button.accessibleLabel = service.name
        button.widget.setSizeRequest(width: 300, height: 100)
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
        default: 3
        }
    }
}
