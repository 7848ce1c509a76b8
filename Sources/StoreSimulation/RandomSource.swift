import Glibc

/// A seeded random source, so a day replays the same whatever else changes (SplitMix64: small,
/// fast and good enough for drawing customers).
struct RandomSource: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform on (0, 1]: never 0, so its logarithm is finite.
    mutating func unit() -> Double { Double(next() >> 11 &+ 1) / Double(1 << 53) }

    mutating func exponential(mean: Double) -> Double { -mean * log(unit()) }

    /// Lognormal with this mean and coefficient of variation (Box–Muller for the normal).
    mutating func lognormal(mean: Double, variation: Double) -> Double {
        let sigmaSquared = log(1 + variation * variation)
        let mu = log(mean) - sigmaSquared / 2
        let normal = (-2 * log(unit())).squareRoot() * cos(2 * Double.pi * unit())
        return exp(mu + sigmaSquared.squareRoot() * normal)
    }
}
