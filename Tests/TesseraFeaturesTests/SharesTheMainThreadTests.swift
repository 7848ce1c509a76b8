import Foundation
import QueueStoreTesting
import Synchronization
import Testing

/// The rule of the suite's main-actor tests: they take turns on the main thread, two at a time
/// (`Tests/Support/QueueStoreTesting/SharesTheMainThread.swift`), and every one of them says so.
@Suite struct SharesTheMainThreadTests {
    private final class Counts: Sendable {
        let state = Mutex((inside: 0, most: 0, ran: 0))
        func enter() { state.withLock { $0.inside += 1; $0.most = max($0.most, $0.inside) } }
        func leave() { state.withLock { $0.inside -= 1; $0.ran += 1 } }
    }

    @Test func atMostTwoTestCasesRunInItsScopeAtOnce() async throws {
        let test = try #require(Test.current), testCase = try #require(Test.Case.current)
        let counts = Counts()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    try await SharesTheMainThread().provideScope(for: test, testCase: testCase) {
                        counts.enter()
                        try await Task.sleep(for: .milliseconds(30))
                        counts.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        // Main-actor suites running beside this test may hold slots too: fewer is right, more never.
        let seen = counts.state.withLock { $0 }
        #expect(seen.ran == 6 && seen.most >= 1 && seen.most <= 2, "\(seen)")
    }

    @Test func everyMainActorSuiteSharesTheMainThread() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let files = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
        var suites = 0, without: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            for line in lines where line.hasPrefix("@MainActor @Suite") {
                suites += 1
                if !line.contains(".sharesTheMainThread") { without.append("\(file.lastPathComponent): \(line)") }
            }
        }
        #expect(suites >= 10 && without.isEmpty, "main-actor suites without .sharesTheMainThread: \(without)")
    }
}
