import FoundationEssentials
import GtkKit
import Localization
import QueueCore
import TesseraFeatures
import TesseraStyle

/// The desk's lists: every waiting ticket it can call, in the order Call next takes them (a row
/// calls its ticket), with the count, the longest wait and "and N more" while rows lie below the
/// fold; then the parked and the no-show tickets, each with what brings it back.
///
/// The waiting rows are a pool that only grows: a row is relabelled or hidden, never removed, so
/// a finger on one survives the list changing under it.
@MainActor final class DeskQueueLists {
    private enum Layout {
        static let spacing: Int32 = 8
        static let rowSpacing: Int32 = 6
        /// Parked and no-show tickets are few at a time; more than this says "and N more".
        static let asideShown = 3
    }

    let root = Box(orientation: .vertical, spacing: Layout.spacing)
    private let model: DeskModel
    private let waitingHeading = Label()
    private let rowsBox = Box(orientation: .vertical, spacing: Layout.rowSpacing)
    private let scroller = ScrolledWindow()
    /// The waiting rows, the first `waiting.count` showing (tests read them).
    private(set) var rows: [DeskTicketRow] = []
    private let moreBelow = Label()
    private let parkedHeading = Label()
    private let parkedMore = Label()
    private let noShowsHeading = Label()
    private let noShowsMore = Label()

    init(model: DeskModel, buttons: DeskButtons) {
        self.model = model
        waitingHeading.addCSSClass("desk-list-heading")
        waitingHeading.xalign = 0
        waitingHeading.wraps = true
        root.append(waitingHeading)
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.child = rowsBox
        scroller.vexpand = true
        root.append(scroller)
        moreBelow.addCSSClass("desk-list-more")
        moreBelow.xalign = 0
        root.append(moreBelow)
        for (heading, more, key, pick, action) in [
            (parkedHeading, parkedMore, key: "Parked", { (s: DeskSnapshot) in s.parked }, { DeskAction.resume($0) }),
            (noShowsHeading, noShowsMore, key: "No-show", { (s: DeskSnapshot) in s.noShows }, { DeskAction.reactivate($0) }),
        ] as [(Label, Label, key: String, (DeskSnapshot) -> [Ticket], (TicketID) -> DeskAction)] {
            heading.addCSSClass("desk-list-heading")
            heading.xalign = 0
            root.append(heading)
            for index in 0..<Layout.asideShown {
                root.append(buttons.bind(key: "\(key) \(index)", style: .secondary, explains: { false }) { [weak model] in
                    model?.snapshot.flatMap { pick($0).dropFirst(index).first }.map { action($0.id) }
                }.widget)
            }
            more.addCSSClass("desk-list-more")
            more.xalign = 0
            root.append(more)
        }
        // Rows scroll in and out of sight without a queue change: count the ones below after each frame.
        root.onRealize { [weak self] in
            self?.root.frameClock?.onAfterPaint { _ in self?.countRowsBelow() }
        }
    }

    func update(now: Date) {
        let snapshot = model.snapshot
        let waiting = snapshot?.waiting ?? []
        let longest = waiting.map(\.issuedAt.date).min()
        let count = localizedPlural("%d waiting", "%d waiting", count: waiting.count)
        waitingHeading.text = longest.map { localized("%1$s · longest %2$s", count, DeskScreen.minutes(since: $0, now: now)) } ?? count
        while rows.count < waiting.count {
            let row = DeskTicketRow { [weak self] id in self?.model.press(.call(id)) }
            rows.append(row)
            rowsBox.append(row.button)
        }
        for (index, row) in rows.enumerated() {
            guard index < waiting.count else {
                row.hide()
                continue
            }
            let ticket = waiting[index]
            let line = snapshot?.allServices.first { $0.code == ticket.service }
            let availability = model.availability(of: .call(ticket.id))
            row.show(ticket, serviceName: line?.name ?? ticket.service.rawValue, colourClass: DeskStyle.fillClass(forServiceColour: line?.colour ?? ""),
                     waited: DeskScreen.shortMinutes(since: ticket.issuedAt.date, now: now), busy: model.pending == .call(ticket.id),
                     reason: availability.reason)
        }
        let parked = snapshot?.parked.count ?? 0
        parkedHeading.text = localizedPlural("%d parked", "%d parked", count: parked)
        Self.more(parkedMore, beyond: parked - Layout.asideShown)
        let noShows = snapshot?.noShows.count ?? 0
        noShowsHeading.text = localizedPlural("%d no-show today", "%d no-shows today", count: noShows)
        Self.more(noShowsMore, beyond: noShows - Layout.asideShown)
        countRowsBelow()
    }

    /// "and 48 more below" while rows lie under the list's visible part. Runs after every frame
    /// the window paints, so it measures a handful of rows, not all: the shown rows are the
    /// first ones, top to bottom, so the first that ends below the fold is found by halving.
    private func countRowsBelow() {
        let height = Double(scroller.allocatedHeight)
        guard height > 0 else { return }
        let shown = rows.prefix { $0.ticket != nil }
        var low = 0, high = shown.count
        while low < high {
            let middle = (low + high) / 2
            let box = rows[middle].button.bounds(in: scroller)
            if let box, box.y + box.height > height + 1 { high = middle } else { low = middle + 1 }
        }
        Self.more(moreBelow, beyond: shown.count - low, below: true)
    }

    private static func more(_ label: Label, beyond count: Int, below: Bool = false) {
        let text = count <= 0 ? "" : below ? localizedPlural("and %d more below", "and %d more below", count: count)
            : localizedPlural("and %d more", "and %d more", count: count)
        if label.text != text { label.text = text }
        label.isVisible = count > 0
    }
}
