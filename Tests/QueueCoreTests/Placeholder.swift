import Testing

@Test func placeholderQueueCoreTests() { #expect(Bool(true)) }
