import Testing

@Test func placeholderTesseraStyleTests() { #expect(Bool(true)) }
