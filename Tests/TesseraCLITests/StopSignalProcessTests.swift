import Foundation
import QueueStoreTesting
import Testing

/// The app as `systemctl stop` ends it (tessera@.service `ExecStop=` sends SIGTERM to tessera;
/// Ctrl+C on a terminal sends SIGINT): a running kiosk exits through its main loop with
/// status 0 and says why on stderr (the journal under the unit), instead of dying by the signal.
@Suite(.offThePool) struct StopSignalProcessTests {
    let scratch = ScratchDirectory()

    @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")])
    func aRunningKioskExitsZeroOnTheSignal(signal: Int32, name: String) throws {
        if let problem = DisplayForProcesses.problem() {
            Issue.record("\(problem)")
            return
        }
        let socket = try NotificationSocket(path: scratch.path("notify"))
        let kiosk = Process()
        kiosk.executableURL = TesseraBinary.url
        kiosk.arguments = ["kiosk", "--windowed", "--database", scratch.path("queue.db")]
        kiosk.environment = ProcessInfo.processInfo.environment.merging(["NOTIFY_SOCKET": socket.path]) { $1 }
        let stderrPath = scratch.path("stderr.log")
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        let stderr = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        kiosk.standardOutput = FileHandle.nullDevice
        kiosk.standardError = stderr
        try kiosk.run()
        defer { if kiosk.isRunning { kill(kiosk.processIdentifier, SIGKILL); kiosk.waitUntilExit() } }

        // Signalled only once it shows the kiosk, as a running screen is.
        var received: [String] = []
        let ready = eventually(timeout: .seconds(10)) {
            received += socket.drain()
            return received.contains { $0.hasPrefix("READY=1") }
        }
        #expect(ready, "messages before the signal: \(received)")

        kill(kiosk.processIdentifier, signal)
        let exited = eventually(timeout: .seconds(10)) { !kiosk.isRunning }
        #expect(exited, "tessera kiosk still running after \(name)")
        guard exited else { return }
        kiosk.waitUntilExit()
        try stderr.close()
        let log = try String(contentsOfFile: stderrPath, encoding: .utf8)
        #expect(kiosk.terminationReason == .exit && kiosk.terminationStatus == 0,
                "\(name): \(kiosk.terminationReason == .exit ? "exit status" : "killed by signal") \(kiosk.terminationStatus); stderr:\n\(log)")
        #expect(log.contains("stopping on \(name)"), "stderr:\n\(log)")
    }
}
