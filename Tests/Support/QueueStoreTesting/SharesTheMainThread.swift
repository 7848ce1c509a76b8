import Testing

/// `@MainActor @Suite(.sharesTheMainThread)`: at most two of these test cases run at once.
/// Every main-actor test, and every task its models start, runs on the one main thread. A model
/// test blocks it briefly and on purpose (a scratch store opened, a row written to set the scene,
/// a fake printer started), which is harmless one test at a time; but `swift test` starts all of
/// them together, and their set-ups in a row held the main thread for 10 s before any model's
/// answer could be delivered (a probe in a loaded run: the main queue 9.8 s late at the start).
public struct SharesTheMainThread: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public init() {}

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        // Around each test case, which includes creating the suite's instance (its set-up).
        guard testCase != nil else { return try await function() }
        await TestSlots.mainThread.acquire()
        defer { TestSlots.mainThread.release() }
        try await function()
    }
}

extension TestSlots {
    /// Two: one test's set-up may overlap another's waiting, never a crowd's.
    static let mainThread = TestSlots(count: 2)
}

extension Trait where Self == SharesTheMainThread {
    public static var sharesTheMainThread: Self { SharesTheMainThread() }
}
