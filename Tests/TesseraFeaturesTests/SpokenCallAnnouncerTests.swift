import Foundation
import Localization
import QueueCore
import QueueStore
import Synchronization
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// The app's announcer with the real espeak-ng and sox (installed by `scripts/bootstrap`), no
/// sound card needed: what it renders is read back from the WAV it leaves.
@Suite(.offThePool) struct SpokenCallAnnouncerTests {
    private final class Reports: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func add(_ line: String) { lines.withLock { $0.append(line) } }
    }

    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-announcer-\(UUID())")
    private let call = BoardCall(ticketCode: "C012", desk: 3, kind: .call, eventID: EventID(rawValue: 7))

    init() throws {
        Catalog.startOnce()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func announcer(_ settings: BoardSettings = BoardSettings(), output: [String] = ["-n"], reports: Reports)
        -> SpokenCallAnnouncer
    {
        SpokenCallAnnouncer(settings: settings, chime: nil, recordDirectory: directory, output: output) { reports.add($0) }
    }

    /// The largest sample of a 16-bit PCM WAV, from 0 to 1.
    private func peak(_ url: URL) throws -> Double {
        let data = try Data(contentsOf: url)
        try #require(data.count > 44 && data.prefix(4) == Data("RIFF".utf8))
        let samples = data.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        return Double(samples.map { abs(Int($0)) }.max() ?? 0) / Double(Int16.max)
    }

    private func log() throws -> [String] {
        try String(contentsOf: directory.appendingPathComponent("announcements.log"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    @Test func theSentenceIsSpokenByEspeakAndIsNotSilent() async throws {
        let reports = Reports()
        await announcer(reports: reports).announce(call)
        let wav = directory.appendingPathComponent("1-C012.wav")
        #expect(try peak(wav) > 0.1, "espeak-ng rendered speech, not silence")
        #expect(try log() == ["1\tC012\t3\tcall\tTicket C 12, please go to desk 3\ten-gb"])
        #expect(reports.all.isEmpty)
    }

    /// A ticket taken in Welsh is called in Welsh, by espeak-ng's Welsh voice (which reads the
    /// number in Welsh); one in a language the board does not speak is called in the board's.
    @Test func aTicketIsCalledInItsCustomersLanguage() async throws {
        var settings = BoardSettings()
        settings.languages = ["en_GB", "cy"]
        let reports = Reports()
        let announcer = announcer(settings, reports: reports)
        var welsh = call
        welsh.language = "cy"
        await announcer.announce(welsh)
        var french = call
        french.language = "fr"
        await announcer.announce(french)
        #expect(try log() == ["1\tC012\t3\tcall\tTocyn C 12, ewch i ddesg 3\tcy",
                              "2\tC012\t3\tcall\tTicket C 12, please go to desk 3\ten-gb"])
        #expect(try peak(directory.appendingPathComponent("1-C012.wav")) > 0.1, "the Welsh voice spoke")
        #expect(reports.all.isEmpty, "\(reports.all)")
    }

    /// `[desk:3] name = Front Counter`: the board reads the desk's name with the call, and the
    /// customer is sent to "Front Counter", not "desk 3"; a desk with its default name keeps
    /// the numbered sentence in each language.
    @Test func aDeskWithItsOwnNameIsCalledByIt() async throws {
        let store = try ScriptedStore()
        let now = Date()
        _ = try store.perform(.setDesk(Desk(number: 3, name: "Front Counter", services: ["C"])), at: now)
        _ = try store.perform(.issue(service: "C"), at: now)
        _ = try store.perform(.issue(service: "C"), at: now)
        let first = try store.events(after: .none, limit: 1_000).last?.id ?? .none
        _ = try store.perform(.callNext(desk: 3), at: now)
        _ = try store.perform(.callNext(desk: 1), at: now)
        let events = try store.events(after: first, limit: 1_000)
        let calls = try BoardReading.read(store, events: events, at: now).calls.map(\.call)
        #expect(calls.map(\.deskName) == ["Front Counter", nil])
        let reports = Reports()
        let announcer = announcer(reports: reports)
        for call in calls { await announcer.announce(call) }
        #expect(try log().map { $0.split(separator: "\t")[4] } == ["Ticket C 1, please go to Front Counter",
                                                                    "Ticket C 2, please go to desk 1"])
    }

    @Test func speechOffRendersNothingButTheCallIsStillRecorded() async throws {
        var settings = BoardSettings()
        settings.speech = false
        let reports = Reports()
        await announcer(settings, reports: reports).announce(call)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("1-C012.wav").path))
        #expect(try log().count == 1)
    }

    @Test func aSoundDeviceThatIsMissingIsReportedOnceAndTheBoardGoesOn() async throws {
        let reports = Reports()
        let announcer = announcer(output: ["-t", "alsa", "tessera-no-such-device"], reports: reports)
        for _ in 0..<3 { await announcer.announce(call) }
        #expect(reports.all.count == 1, "\(reports.all)")
        #expect(reports.all.first?.contains("calls cannot be played") == true)
        #expect(try log().count == 3, "every call was still rendered and recorded")
    }

    @Test func anUnknownVoiceIsReportedOnce() async throws {
        var settings = BoardSettings()
        settings.voice = "tessera-no-such-voice"
        let reports = Reports()
        let announcer = announcer(settings, reports: reports)
        for _ in 0..<2 { await announcer.announce(call) }
        #expect(reports.all.count == 1 && reports.all.first?.contains("voice 'tessera-no-such-voice'") == true,
                "\(reports.all)")
    }

    @Test func aLanguageCallsCannotBeWordedInIsSaid() {
        var settings = BoardSettings()
        settings.language = "xx"
        let reports = Reports()
        _ = announcer(settings, reports: reports)
        #expect(reports.all == ["board: calls cannot be worded in 'xx'; they are worded in English"])
    }
}
