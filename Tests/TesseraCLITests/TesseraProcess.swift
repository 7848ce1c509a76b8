import Foundation
import QueueStoreTesting

/// The built `tessera` executable, found beside the test bundle in `.build/<config>/`
/// (the test target depends on the executable, so SwiftPM builds it first).
enum TesseraBinary {
    static let url: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("tessera")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("tessera")
    }()
}

/// The result of running `tessera` to completion.
struct ProcessResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs `tessera` with `arguments` and waits for it, capturing both output streams; `input`
/// (if any) is its standard input, then end of file. `launcher` runs something else that
/// starts it (a shell that redirects its streams).
func runTessera(_ arguments: [String], environment: [String: String] = [:], input: String? = nil,
                launcher: (URL, [String])? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = launcher?.0 ?? TesseraBinary.url
    process.arguments = (launcher?.1 ?? []) + arguments
    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { $1 }
    process.environment = merged
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let feed = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : feed
    try process.run()
    if let input {
        feed.fileHandleForWriting.write(Data(input.utf8))
        try feed.fileHandleForWriting.close()
    }
    // Read both pipes concurrently so neither can fill up and stall the child.
    let errorData = Mutexed(Data())
    let reader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    _ = eventually { errorData.isSet }
    return ProcessResult(status: process.terminationStatus,
                         stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errorData.value, as: UTF8.self))
}

/// Starts `tessera` without waiting; its output goes to /dev/null.
func startTessera(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = TesseraBinary.url
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
}

import Synchronization

/// A value written once by another thread.
final class Mutexed<Value: Sendable>: Sendable {
    private let storage: Mutex<(Value, Bool)>
    init(_ value: Value) { storage = Mutex((value, false)) }
    func set(_ value: Value) { storage.withLock { $0 = (value, true) } }
    var value: Value { storage.withLock { $0.0 } }
    var isSet: Bool { storage.withLock { $0.1 } }
}
