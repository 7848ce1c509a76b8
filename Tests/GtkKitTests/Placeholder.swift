import Testing

@Test func placeholderGtkKitTests() { #expect(Bool(true)) }
