import GtkKit
import Localization
import QueueCore
import TesseraFeatures
import TesseraStyle

/// The admin page's services: each with its names, hours, cap and whether it issues tickets
/// (open or close it here, or read where the file sets it), then a form that adds one.
@MainActor final class AdminServicesSection {
    let root = Box(orientation: .vertical, spacing: 12)
    private let model: AdminModel
    private let list = Box(orientation: .vertical, spacing: 0)
    private var rows: [ServiceCode: Row] = [:]
    let code = AdminField(localized("Code (1 to 3 letters)"), width: 4)
    let name = AdminField(localized("Name"), width: 24)
    let welshName = AdminField(localized("Name in Welsh"), width: 24)
    let hours = AdminField(localized("Hours (HH:MM-HH:MM, empty: always)"), width: 12)
    let dailyCap = AdminField(localized("Daily cap (empty or 0: none)"), width: 6)
    private(set) var add: StyledButton!

    @MainActor private final class Row {
        let root = Box(orientation: .vertical, spacing: 8)
        let title = Label()
        let detail = Label()
        let lock = Label()
        let toggle: StyledButton
        let remove: StyledButton
        /// Shown once a removal was refused for the tickets waiting: where they can go instead.
        let transfers = Box(orientation: .horizontal, spacing: 10)
        var targets: [ServiceCode: StyledButton] = [:]
        init(toggle: StyledButton, remove: StyledButton) {
            self.toggle = toggle
            self.remove = remove
        }
    }

    init(model: AdminModel) {
        self.model = model
        root.append(AdminField.heading(localized("Services")))
        root.append(list)
        root.append(AdminField.heading(localized("Add a service")))
        root.append(AdminField.form([code, name, welshName, hours, dailyCap]) { [weak self] in self?.submit() })
        add = StyledButton(localized("Add service"), style: .primary, context: .desk).onClicked { [weak self] in self?.submit() }
        add.widget.halign = .start
        root.append(add.widget)
    }

    private func submit() {
        guard !model.isBusy else { return }
        let form = ServiceForm(code: code.entry.text, name: name.entry.text, welshName: welshName.entry.text,
                               hours: hours.entry.text, dailyCap: dailyCap.entry.text)
        Task {
            if await model.addService(form) {
                for field in [code, name, welshName, hours, dailyCap] { field.entry.text = "" }
            }
        }
    }

    func update() {
        add.setBusy(model.isBusy)
        let services = model.snapshot?.services ?? []
        for line in services {
            let row = rows[line.service.code] ?? makeRow(line.service.code)
            let service = line.service
            let welsh = service.name(in: "cy")
            let title = welsh == service.name ? "\(service.code.rawValue)  \(service.name)" : "\(service.code.rawValue)  \(service.name) · \(welsh)"
            if row.title.text != title { row.title.text = title }
            let detail = Self.detail(service)
            if row.detail.text != detail { row.detail.text = detail }
            row.lock.text = line.lockedBecause ?? ""
            row.lock.isVisible = line.lockedBecause != nil
            row.toggle.label = service.isOpen ? localized("Close %s", service.code.rawValue) : localized("Open %s", service.code.rawValue)
            row.toggle.setBusy(model.isBusy)
            row.remove.widget.isVisible = line.lockedBecause == nil
            row.remove.setBusy(model.isBusy)
            updateTransfers(row, of: service.code, among: services.map(\.service))
        }
        let codes = Set(services.map(\.service.code))
        for (code, row) in rows where !codes.contains(code) {
            list.remove(row.root)
            rows[code] = nil
        }
    }

    /// One button per other service while the removal of `code` waits for its tickets to move.
    private func updateTransfers(_ row: Row, of code: ServiceCode, among services: [Service]) {
        row.transfers.isVisible = model.removalWaiting == code
        guard model.removalWaiting == code else { return }
        for target in services where target.code != code && row.targets[target.code] == nil {
            let button = StyledButton(localized("Move them to %s and remove", target.name), style: .secondary, context: .desk)
                .onClicked { [weak self] in
                    Task { await self?.model.removeService(code, transferTo: target.code) }
                }
            row.transfers.append(button.widget)
            row.targets[target.code] = button
        }
        let present = Set(services.map(\.code))
        for (target, button) in row.targets {
            button.setBusy(model.isBusy)
            button.widget.isVisible = present.contains(target)
        }
    }

    private func makeRow(_ code: ServiceCode) -> Row {
        let toggle = StyledButton("", style: .secondary, context: .desk).onClicked { [weak self] in
            guard let self, let service = model.snapshot?.service(code)?.service else { return }
            Task { await self.model.setOpen(code, !service.isOpen) }
        }
        let remove = StyledButton(localized("Remove %s", code.rawValue), style: .secondary, context: .desk).onClicked { [weak self] in
            Task { await self?.model.removeService(code) }
        }
        let row = Row(toggle: toggle, remove: remove)
        let line = Box(orientation: .horizontal, spacing: 16)
        row.root.append(line)
        row.root.addCSSClass(AdminStyle.row)
        let texts = Box(orientation: .vertical, spacing: 2)
        texts.hexpand = true
        for (label, style) in [(row.title, AdminStyle.text), (row.detail, AdminStyle.detail), (row.lock, AdminStyle.lock)] {
            label.addCSSClass(style)
            label.xalign = 0
            label.wraps = true
            texts.append(label)
        }
        line.append(texts)
        for button in [toggle, remove] {
            button.widget.valign = .center
            line.append(button.widget)
        }
        row.transfers.isVisible = false
        row.root.append(row.transfers)
        list.append(row.root)
        rows[code] = row
        return row
    }

    /// "Open · 09:00–17:30 · at most 40 a day".
    static func detail(_ service: Service) -> String {
        var parts = [service.isOpen ? localized("Open for tickets") : localized("Closed by staff")]
        if let hours = service.openingHours {
            // TRANSLATORS: a service's opening hours, "09:00–17:30".
            parts.append(localized("%1$s–%2$s", Language.locale.time(hour: hours.opens.hour, minute: hours.opens.minute),
                                   Language.locale.time(hour: hours.closes.hour, minute: hours.closes.minute)))
        } else {
            parts.append(localized("whenever the store is open"))
        }
        if let cap = service.dailyCap { parts.append(localized("at most %d a day", cap)) }
        return parts.joined(separator: " · ")
    }
}
