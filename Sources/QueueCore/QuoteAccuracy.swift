/// How close quoted waits came to the waits that followed: what `queue report` gives per day
/// and service, and `tessera simulate` for each predictor.
///
/// **The band** a customer forgives is ±max(20 %, 2 minutes): a promise of 3 minutes kept in 4
/// is kept, one of 30 kept in 40 is not. **Under-estimated** is a wait more than 20 % longer
/// than promised: the error customers resent. **Bias** is quoted − waited, so a positive mean
/// bias promises a little more than it takes. Waits and quotes are in milliseconds.
public struct QuoteAccuracy: Hashable, Codable, Sendable {
    /// A wait forgiven when within this share of itself, or `bandFloor`, whichever is more.
    public static let bandShare = 0.2
    public static let bandFloor: Int64 = 120_000

    /// One promise and the wait that followed it.
    public struct Pair: Hashable, Codable, Sendable {
        public var quoted: Int64
        public var waited: Int64
        public init(quoted: Int64, waited: Int64) {
            self.quoted = quoted
            self.waited = waited
        }

        var error: Double { Double(quoted - waited) }
        var isWithinShare: Bool { abs(error) <= QuoteAccuracy.bandShare * Double(waited) }
        var isWithinBand: Bool { abs(error) <= max(QuoteAccuracy.bandShare * Double(waited), Double(QuoteAccuracy.bandFloor)) }
        var isUnderEstimated: Bool { Double(quoted) < (1 - QuoteAccuracy.bandShare) * Double(waited) }
    }

    /// How many promises were measured.
    public var count: Int
    /// The mean of (quoted − waited)², in seconds².
    public var meanSquaredError: Double
    /// √(mean squared error) ÷ the mean wait: 1/√(n+1) for the best possible estimate of a wait
    /// behind n tickets in a queue with exponential service.
    public var relativeRootMeanSquaredError: Double
    public var medianAbsoluteError: Double
    /// Shares (0…1) of the promises: within ±20 %; within the band; under-estimated by more than 20 %.
    public var withinShare: Double
    public var withinBand: Double
    public var underEstimated: Double
    /// The mean of quoted − waited, in seconds.
    public var meanBias: Double
    /// The mean wait, in seconds.
    public var meanWait: Double

    public init(_ pairs: some Collection<Pair>) {
        count = pairs.count
        let n = Double(max(pairs.count, 1))
        let seconds = { (milliseconds: Double) in milliseconds / 1000 }
        meanSquaredError = pairs.reduce(0) { $0 + seconds($1.error) * seconds($1.error) } / n
        meanWait = pairs.reduce(0) { $0 + seconds(Double($1.waited)) } / n
        relativeRootMeanSquaredError = meanWait > 0 ? meanSquaredError.squareRoot() / meanWait : 0
        let absolute = pairs.map { abs(seconds($0.error)) }.sorted()
        medianAbsoluteError = absolute.isEmpty ? 0
            : absolute.count.isMultiple(of: 2) ? (absolute[absolute.count / 2 - 1] + absolute[absolute.count / 2]) / 2
            : absolute[absolute.count / 2]
        withinShare = Double(pairs.count { $0.isWithinShare }) / n
        withinBand = Double(pairs.count { $0.isWithinBand }) / n
        underEstimated = Double(pairs.count { $0.isUnderEstimated }) / n
        meanBias = pairs.reduce(0) { $0 + seconds($1.error) } / n
    }
}
