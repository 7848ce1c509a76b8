import QueueCore
import Dispatch
import FoundationEssentials
import Glibc

/// The printer port over ESC/POS: a device file or raw TCP, with real-time status; or a CUPS
/// raw queue, whose status is the queue's. One job at a time on its own serial queue: a status
/// request is never sent inside a ticket's data (manuals warn the printer would take it out of
/// the raster), and blocking I/O never holds a Swift concurrency thread.
public final class EscPosPrinter: TicketPrinter {
    public struct Deadlines: Sendable {
        /// Connecting, and each stall while writing.
        public var connect: Duration = .seconds(3)
        public var write: Duration = .seconds(10)
        /// Each status answer: a printer out of paper may not answer at all.
        public var answer: Duration = .milliseconds(800)
        public init() {}
    }

    public let address: PrinterAddress
    public let dots: Int
    private let renderer: any TicketRenderer
    private let deadlines: Deadlines
    private let queue = DispatchQueue(label: "tessera.kiosk.printer")

    public init(address: PrinterAddress, dots: Int, renderer: any TicketRenderer, deadlines: Deadlines = Deadlines()) {
        self.address = address
        self.dots = dots
        self.renderer = renderer
        self.deadlines = deadlines
    }

    public nonisolated(nonsending) func print(_ ticket: PrintedTicket) async -> Result<PrinterCondition, PrinterError> {
        await run { [self] in
            let bytes = EscPosJob.bytes(for: renderer.render(ticket, dots: dots))
            do throws(PrinterError) { return .success(try send(bytes)) } catch { return .failure(error) }
        }
    }

    public nonisolated(nonsending) func condition() async -> PrinterCondition {
        await run { [self] in currentCondition() }
    }

    private nonisolated(nonsending) func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in queue.async { continuation.resume(returning: work()) } }
    }

    private func open() throws(PrinterError) -> PrinterLink {
        switch address {
        case .device(let path): try PrinterLink.device(path)
        case .socket(let host, let port): try PrinterLink.socket(host: host, port: port, timeout: deadlines.connect)
        case .none, .cups: throw PrinterError("no ESC/POS link for \(address)")
        }
    }

    /// Sends one job and reads the status after it: a printer that took the bytes but stopped
    /// answering (disconnected mid-ticket) did not print the ticket for sure.
    private func send(_ bytes: [UInt8]) throws(PrinterError) -> PrinterCondition {
        if case .cups(let queue) = address { return try CupsQueue(name: queue).print(bytes) }
        let link = try open()
        link.discardInput()
        try link.write(bytes, timeout: deadlines.write)
        let after = status(on: link)
        guard after != .unreachable else {
            throw PrinterError("\(address): the printer stopped answering after the ticket was sent")
        }
        return after
    }

    private func currentCondition() -> PrinterCondition {
        if case .cups(let queue) = address { return CupsQueue(name: queue).condition() }
        guard let link = try? open() else { return .unreachable }
        link.discardInput()
        return status(on: link)
    }

    private func status(on link: PrinterLink) -> PrinterCondition {
        var answers: [UInt8?] = []
        for n in RealTimeStatus.requests {
            guard (try? link.write(RealTimeStatus.request(n), timeout: deadlines.answer)) != nil else { return .unreachable }
            answers.append(link.readByte(timeout: deadlines.answer))
        }
        return RealTimeStatus.condition(answers: answers)
    }
}

/// A CUPS queue set up raw (`lp -o raw`): CUPS hands the bytes on unchanged; it knows only
/// whether the queue is enabled, not the paper.
struct CupsQueue {
    var name: String

    func print(_ bytes: [UInt8]) throws(PrinterError) -> PrinterCondition {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-ticket-\(UUID().uuidString).bin").path
        defer { unlink(path) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw PrinterError("cups:\(name): cannot write the job to \(path)")
        }
        let outcome = SupervisedProcess(program: "lp", arguments: ["-d", name, "-o", "raw", path], timeout: .seconds(15)).run()
        guard outcome.succeeded else {
            throw PrinterError("cups:\(name): lp failed" + (outcome.errors.isEmpty ? " (exit \(outcome.status))" : ": \(outcome.errors)"))
        }
        return condition()
    }

    func condition() -> PrinterCondition {
        let outcome = SupervisedProcess(program: "lpstat", arguments: ["-p", name], timeout: .seconds(5)).run()
        return outcome.succeeded ? .ready : .unreachable
    }
}
