import Foundation
import Testing
@testable import QueueStore

/// A phone token's text and hash against other programs' answers: Foundation's base64 and
/// coreutils' sha256sum.
@Suite struct PhoneTokenBytesTests {
    @Test func tokensAreBase64urlOfSixteenBytesWithoutPadding() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let expected = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(PhoneTokenBytes.base64url(bytes) == expected)
            #expect(PhoneTokenBytes.isWellFormed(expected))
        }
        #expect(!PhoneTokenBytes.isWellFormed("AAAAAAAAAAAAAAAAAAAAAB"), "the last character's low 4 bits are 0")
        #expect(!PhoneTokenBytes.isWellFormed("AAAAAAAAAAAAAAAAAAAAA"))
        #expect(!PhoneTokenBytes.isWellFormed("AAAAAAAAAAAAAAAAAAAA+A"))
    }

    @Test func theStoredHashIsSHA256OfTheTokensText() throws {
        let token = try PhoneTokenBytes.make()
        #expect(PhoneTokenBytes.hash(token.text) == (try sha256sum(token.text)))
        #expect(PhoneTokenBytes.hash("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func freshTokensDiffer() throws {
        let made = try (0..<10_000).map { _ in try PhoneTokenBytes.make().text }
        #expect(Set(made).count == made.count)
        #expect(made.allSatisfy(PhoneTokenBytes.isWellFormed))
    }
}
