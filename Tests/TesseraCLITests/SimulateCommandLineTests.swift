import Foundation
import QueueStoreTesting
import Testing

/// `tessera simulate`: the shipped store days replayed through the real store and estimator,
/// their figures read from the process's JSON (docs/simulation.md).
@Suite(.offThePool) struct SimulateCommandLineTests {
    static let days = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/simulations")

    /// The figures of one predictor, as `--json` prints them.
    struct Figures: Decodable {
        let count: Int
        let withinShare, withinBand, underEstimated, meanBias, relativeRootMeanSquaredError: Double
    }

    struct Result: Decodable {
        let name: String
        let meanSquaredErrorRatio: Double
        let tessera, oracle: Figures
    }

    private func simulate(_ day: String) throws -> Result {
        let run = try runTessera(["simulate", Self.days.appendingPathComponent(day).path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        return try JSONDecoder().decode(Result.self, from: Data(run.stdout.utf8))
    }

    /// The simulator's own check: in a stationary M/M/3 queue at 90 % the best estimate gets
    /// 42 % of waiting customers within ±20 %, with a relative RMSE of 0.32 (Whitt 1999).
    @Test func theStationaryDayAgreesWithQueueingTheory() throws {
        let result = try simulate("mm3-stationary.day")
        #expect(result.oracle.count > 3_000)
        #expect((0.38...0.46).contains(result.oracle.withinShare), "\(result.oracle.withinShare)")
        #expect((0.28...0.36).contains(result.oracle.relativeRootMeanSquaredError),
                "\(result.oracle.relativeRootMeanSquaredError)")
    }

    /// Issue 24's bar on every other shipped day: a mean squared error at most 1.25× the
    /// oracle's, 65 % within ±max(20 %, 2 min), at most 25 % under-estimated, and no
    /// under-promising on average.
    @Test(arguments: ["lunchtime-peak.day", "understaffed.day", "shared-desks.day"])
    func onAStoreDayTheQuotedWaitsComeNearTheBest(day: String) throws {
        let result = try simulate(day)
        #expect(result.tessera.count > 500, "\(result.name)")
        #expect(result.meanSquaredErrorRatio <= 1.25, "\(result.name)")
        #expect(result.tessera.withinBand >= 0.65, "\(result.name)")
        #expect(result.tessera.underEstimated <= 0.25, "\(result.name)")
        #expect(result.tessera.meanBias >= 0, "\(result.name)")
    }

    @Test func aDayFileWithMistakesExitsTwoNamingEachLine() throws {
        let scratch = ScratchDirectory()
        let file = scratch.path("bad.day")
        try """
            [day]
            opens = 9 o'clock

            [service:C]
            arrivals = 10;20

            [desk:1]
            services = C;Z
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let run = try runTessera(["simulate", file])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("\(file):2: [day] opens: a time of day, HH:MM"), "\(run.stderr)")
        #expect(run.stderr.contains("\(file):5: [service:C] arrivals: customers per hour"), "\(run.stderr)")
        #expect(run.stderr.contains("\(file):8: [desk:1] services: no [service:Z] group"), "\(run.stderr)")
    }
}
