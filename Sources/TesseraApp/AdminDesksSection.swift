import GtkKit
import Localization
import QueueCore
import TesseraFeatures
import TesseraStyle

/// The admin page's desks: each desk's name and a check box for every service, saved with the
/// desk's own button. A desk being edited keeps what was ticked while other terminals change
/// the store; the others follow the store.
@MainActor final class AdminDesksSection {
    let root = Box(orientation: .vertical, spacing: 12)
    private let model: AdminModel
    private let list = Box(orientation: .vertical, spacing: 0)
    private(set) var rows: [DeskNumber: Row] = [:]
    let number = AdminField(localized("Number (1 to 999)"), width: 4)
    let name = AdminField(localized("Name (empty: Desk and its number)"), width: 24)
    /// The new desk's services, one check box each.
    private let newServices = Box(orientation: .horizontal, spacing: 16)
    private var newBoxes: [ServiceCode: CheckButton] = [:]
    private(set) var add: StyledButton!

    @MainActor final class Row {
        let root = Box(orientation: .vertical, spacing: 8)
        let title = Label()
        let lock = Label()
        let checks = Box(orientation: .horizontal, spacing: 16)
        var boxes: [ServiceCode: CheckButton] = [:]
        let save: StyledButton
        /// Ticked or unticked since the store's value was shown: kept until saved.
        var edited = false
        /// Set while the row shows the store's value, so that `toggled` is not taken for an edit.
        var showing = false
        init(save: StyledButton) { self.save = save }
    }

    init(model: AdminModel) {
        self.model = model
        root.append(AdminField.heading(localized("Desks and the services each calls from")))
        root.append(list)
        root.append(AdminField.heading(localized("Add a desk")))
        let form = AdminField.form([number, name])
        let calls = Label(localized("Calls from:"))
        calls.addCSSClass(AdminStyle.text)
        calls.xalign = 0
        form.attach(calls, column: 0, row: 2)
        form.attach(newServices, column: 1, row: 2)
        root.append(form)
        add = StyledButton(localized("Add desk"), style: .primary, context: .desk).onClicked { [weak self] in self?.submit() }
        add.widget.halign = .start
        root.append(add.widget)
    }

    private func submit() {
        guard !model.isBusy else { return }
        let form = DeskForm(number: number.entry.text, name: name.entry.text,
                            services: Set(newBoxes.filter { $0.value.isActive }.map(\.key)))
        Task {
            if await model.addDesk(form) {
                number.entry.text = ""
                name.entry.text = ""
                for box in newBoxes.values { box.isActive = false }
            }
        }
    }

    func update() {
        guard let snapshot = model.snapshot else { return }
        add.setBusy(model.isBusy)
        for service in snapshot.services.map(\.service) where newBoxes[service.code] == nil {
            let box = CheckButton(label: "\(service.code.rawValue)  \(service.name)")
            newServices.append(box)
            newBoxes[service.code] = box
        }
        for line in snapshot.desks {
            let row = rows[line.desk.number] ?? makeRow(line.desk.number)
            if row.title.text != line.desk.name { row.title.text = line.desk.name }
            row.lock.text = line.lockedBecause ?? ""
            row.lock.isVisible = line.lockedBecause != nil
            let allowed = Set(line.desk.allowedServices)
            for service in snapshot.services.map(\.service) {
                let box = row.boxes[service.code] ?? makeBox(service.code, in: row)
                let label = "\(service.code.rawValue)  \(service.name)"
                if box.label != label { box.label = label }
                box.isSensitive = line.lockedBecause == nil
                if !row.edited, box.isActive != allowed.contains(service.code) {
                    row.showing = true
                    box.isActive = allowed.contains(service.code)
                    row.showing = false
                }
            }
            let codes = Set(snapshot.services.map(\.service.code))
            for (code, box) in row.boxes where !codes.contains(code) {
                row.checks.remove(box)
                row.boxes[code] = nil
            }
            row.save.widget.isVisible = line.lockedBecause == nil
            row.save.setBusy(model.isBusy)
            _ = row.save.disabled(!row.edited, reason: row.edited ? nil : localized("Tick or untick a service first."))
        }
        let numbers = Set(snapshot.desks.map(\.desk.number))
        for (number, row) in rows where !numbers.contains(number) {
            list.remove(row.root)
            rows[number] = nil
        }
    }

    private func makeRow(_ number: DeskNumber) -> Row {
        let save = StyledButton(localized("Save desk %d", number.rawValue), style: .primary, context: .desk)
        // Why Save waits is plain from the boxes; said under every desk it would be said N times.
        let row = Row(save: save.reasonCaption(shown: false))
        _ = save.onClicked { [weak self, weak row] in
            guard let self, let row else { return }
            let chosen = Set(row.boxes.filter { $0.value.isActive }.map(\.key))
            Task {
                if await self.model.setServices(of: number, to: chosen) {
                    row.edited = false
                    self.update()
                }
            }
        }
        row.root.addCSSClass(AdminStyle.row)
        row.title.addCSSClass(AdminStyle.text)
        row.lock.addCSSClass(AdminStyle.lock)
        for label in [row.title, row.lock] {
            label.xalign = 0
            label.wraps = true
            row.root.append(label)
        }
        let calls = Label(localized("Calls from:"))
        calls.addCSSClass(AdminStyle.text)
        row.checks.append(calls)
        row.root.append(row.checks)
        save.widget.halign = .start
        row.root.append(save.widget)
        list.append(row.root)
        rows[number] = row
        return row
    }

    private func makeBox(_ code: ServiceCode, in row: Row) -> CheckButton {
        let box = CheckButton(label: code.rawValue)
        box.onToggled { [weak self, weak row] in
            guard let row, !row.showing else { return }
            row.edited = true
            self?.update()
        }
        row.checks.append(box)
        row.boxes[code] = box
        return box
    }
}
