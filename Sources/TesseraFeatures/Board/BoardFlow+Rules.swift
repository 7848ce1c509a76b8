import FoundationEssentials
import QueueCore
import QueueStore

extension BoardFlow {
    /// Whether a read belongs to the follow now running: one for an earlier follow (or one
    /// stopped since) is dropped, since the new history already shows its calls.
    func isCurrent(_ generation: Int) -> Bool { generation == self.generation }

    /// Whether a call that reached the board at `now` is still news: one older than `freshness`
    /// (a feed catching up after the store was away) is listed, not announced.
    func isFresh(_ arrived: BoardReading.Arrived, at now: Date) -> Bool {
        elapsed(from: arrived.instant, to: now) <= timing.freshness
    }

    /// A board that starts or follows again shows the recent calls at once and announces none
    /// of them: the newest is in the banner, not highlighted (unless a call queued before is
    /// still being shown, or takes its turn now).
    mutating func showHistory(_ history: BoardHistory) -> [Effect] {
        storeName = history.storeName
        localizedStoreNames = history.localizedStoreNames
        timeZone = history.timeZone
        for arrived in history.reading.calls { list(arrived.call) }
        show(history.reading)
        let effects = showNextIfIdle()
        if !isHighlighted { banner = recent.first }
        return effects + clockTimer(history.reading.clockChange)
    }

    /// Every call of a feed batch is listed and, if fresh, queued to be announced in commit
    /// order: two calls in one batch are both announced, not only the newest.
    mutating func showBatch(_ reading: BoardReading, at now: Date) -> [Effect] {
        for arrived in reading.calls {
            list(arrived.call)
            if isFresh(arrived, at: now) { pending.append(arrived.call) }
        }
        show(reading)
        return showNextIfIdle() + clockTimer(reading.clockChange)
    }

    /// The clock check for the services' availability, when the clock alone can change it.
    func clockTimer(_ clockChange: Duration?) -> [Effect] {
        clockChange.map { [.startTimer(.availabilityClock, after: $0)] } ?? []
    }

    /// Calls are queued, never skipped or cut short: the next pending call takes the banner
    /// only once none is highlighted, and is highlighted and announced.
    mutating func showNextIfIdle() -> [Effect] {
        guard !isHighlighted, !pending.isEmpty else { return [] }
        let call = pending.removeFirst()
        banner = call
        isHighlighted = true
        shownLongEnough = false
        isAnnouncing = true
        return [.startTimer(.highlight, after: timing.minimumHighlight), .announce(call)]
    }

    /// A highlighted call stays so for at least `minimumHighlight` and until the announcer has
    /// finished with it; then the next pending call follows.
    var highlightIsDone: Bool { shownLongEnough && !isAnnouncing }

    mutating func endHighlightIfDone() -> [Effect] {
        guard isHighlighted, highlightIsDone else { return [] }
        isHighlighted = false
        return showNextIfIdle()
    }

    /// Puts `call` first among the recent calls, once per ticket.
    private mutating func list(_ call: BoardCall) {
        recent.removeAll { $0.ticketCode == call.ticketCode }
        recent.insert(call, at: 0)
    }

    /// Shows what a read found besides its calls: the printers, the desks, the services' lines;
    /// then which recent calls are at a desk and which came before.
    private mutating func show(_ reading: BoardReading) {
        printers = reading.printers
        atDesks = [:]
        away = reading.status.desks.filter { $0.status == .paused }
            .map { AwayDesk(number: $0.number, name: BoardCall.ownName($0.name, of: $0.number), localizedNames: $0.localizedNames) }
        for desk in reading.status.desks {
            if let code = desk.ticketCode, desk.ticketState == .called || desk.ticketState == .serving {
                atDesks[desk.number] = code
            }
        }
        services = reading.status.services.map {
            ServiceLine(code: $0.code, name: $0.name, waiting: $0.waiting, estimatedWait: reading.waits[$0.code]?.estimatedWait,
                        colour: reading.colours[$0.code], localizedNames: $0.localizedNames,
                        availability: reading.availability[$0.code])
        }
        recent = Array(recent.prefix(atDesks.count + timing.previousLimit + pending.count + 1))
        current = recent.filter { atDesks[$0.desk] == $0.ticketCode }
        previous = Array(recent.filter { atDesks[$0.desk] != $0.ticketCode }.prefix(timing.previousLimit))
    }
}
