/// Ticket numbering: a per-(day, service) sequence that only grows, shown as a wrapping number.
public enum Numbering {
    /// The next (sequence, display number) after `counter`: sequences whose display number is
    /// still held by an open ticket of the service are skipped (burned, never reused), so an
    /// open ticket's number is never handed out twice. Throws `noFreeNumber` when every number
    /// of the cycle is held.
    public static func next(
        after counter: DayCounter, rule: NumberingRule, held: Set<Int>, service: ServiceCode
    ) throws(QueueError) -> (sequence: Int64, number: Int) {
        var sequence = counter.nextSequence
        // Among held.count + 1 consecutive numbers of a longer cycle one is free (pigeonhole).
        for _ in 0..<min(rule.cycleLength, held.count + 1) {
            let number = rule.displayNumber(forSequence: sequence)
            if !held.contains(number) { return (sequence, number) }
            sequence += 1
        }
        throw .noFreeNumber(service)
    }
}
