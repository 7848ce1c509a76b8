import FoundationEssentials
import Glibc
import GtkKit
import Localization
import QueueCore
import QueueStore
import StoreSimulation
import TesseraFeatures

/// `tessera simulate FILE [--json]`: replays the store day FILE describes through a real
/// SQLite store in a scratch file, on a simulated clock, and prints how close Tessera's quoted
/// waits came to the waits that followed, beside the best possible estimate's (the oracle).
/// Exit status 2 for a bad file (every problem listed, file and line), 3 when the scratch store
/// cannot be made.
func runSimulateCommand(_ arguments: [String]) -> Int32 {
    let usage = localized("usage: tessera simulate FILE [--json]")
    let parsed: ParsedCommandLine
    do {
        parsed = try OptionContext.parse(
            arguments, program: "tessera simulate", parameters: "FILE",
            summary: localized("Replays a store day (docs/simulation.md) and measures the wait estimates."),
            options: [CommandOption(name: "json", kind: .flag, help: localized("Print the figures as JSON"))])
    } catch {
        printError("\(error.message)\n\(usage)")
        return 2
    }
    guard parsed.positional.count == 1, let file = parsed.positional.first else {
        printError(usage)
        return 2
    }
    let plan: DayPlan
    do { plan = try DayPlan.read(file: file) } catch {
        printError(error.description)
        return 2
    }
    // A scratch store where writes cost no disk flush when the machine has a RAM disk.
    let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    var template = Array("\(base)/tessera-simulate.XXXXXX".utf8CString)
    guard let directory = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
        printError(localized("tessera simulate: cannot make a scratch directory in %s", base))
        return 3
    }
    defer { _ = try? FileManager.default.removeItem(atPath: directory) }
    let result: SimulationResult
    do {
        var options = StoreOptions()
        options.seed = nil
        let store = try SQLiteQueueStore(location: DatabaseLocation(path: directory + "/queue.db"), options: options)
        var simulator = StoreSimulator(plan: plan, store: store)
        result = try simulator.run()
    } catch {
        printError(localized("tessera simulate: %s", "\(error)"))
        return 3
    }
    let printed = parsed.has("json") ? QueueJSON.string(SimulationJSON(result)) : simulationText(result)
    return StandardStreams.printOutput(printed) ? 0 : ExitStatus.outputLost
}

private struct SimulationJSON: Encodable {
    let name: String
    let days, tickets, left, unknown: Int
    let meanSquaredErrorRatio: Double
    let tessera, oracle: QuoteAccuracy

    init(_ result: SimulationResult) {
        name = result.name
        days = result.days
        tickets = result.tickets
        left = result.left
        unknown = result.unknown
        meanSquaredErrorRatio = result.meanSquaredErrorRatio
        tessera = result.tessera
        oracle = result.oracle
    }
}

private func simulationText(_ result: SimulationResult) -> String {
    func percent(_ share: Double) -> String { "\(Int((share * 100).rounded())) %" }
    func figure(_ value: Double) -> String { String(Double(Int((value * 100).rounded())) / 100) }
    let header = [
        "", localized("MSE ÷ best"), localized("± 20 %"), localized("± max(20 %, 2 min)"), localized("under > 20 %"),
        localized("mean bias"), localized("relative RMSE"),
    ]
    func cells(_ name: String, _ accuracy: QuoteAccuracy, ratio: Double) -> [String] {
        [name, figure(ratio), percent(accuracy.withinShare), percent(accuracy.withinBand), percent(accuracy.underEstimated),
         "\(figure(accuracy.meanBias)) s", figure(accuracy.relativeRootMeanSquaredError)]
    }
    let table = [header, cells("tessera", result.tessera, ratio: result.meanSquaredErrorRatio), cells("oracle", result.oracle, ratio: 1)]
    let summary = localized("%1$s: %2$d days, %3$d customers, %4$d left before their call, %5$d told the wait was unknown; %6$d who had to wait are scored",
                            result.name, result.days, result.tickets, result.left, result.unknown, result.tessera.count)
    return ([summary] + alignedLines(table)).joined(separator: "\n")
}
