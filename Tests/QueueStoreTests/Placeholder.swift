import Testing

@Test func placeholderQueueStoreTests() { #expect(Bool(true)) }
