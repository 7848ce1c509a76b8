import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// The board's announcer in the app: the chime, then the sentence spoken by espeak-ng,
/// played by sox on the default sound device, as `[board]` says (chime, speech, voice,
/// language, volume).
///
/// espeak-ng runs as a command, not through libespeak-ng: the library keeps global state that
/// must stay on one thread, its own playback does not report a missing sound device, and a
/// fault or hang inside it would take the board down. As a supervised process it is killed
/// after a deadline, its failure is an exit status, and its WAV is what sox plays and what a
/// test can inspect. Starting it costs ~13 ms against a ~3 s announcement.
///
/// A board without sound (no device, a tool missing, an unknown voice) says why once in the
/// log and goes on silently; it says so again only after sound has worked in between.
public final class SpokenCallAnnouncer: CallAnnouncer {
    private let settings: BoardSettings
    private let chime: String?
    private let sentence: CallSentence
    private let recordDirectory: URL?
    private let output: [String]
    private let report: @Sendable (String) -> Void
    /// One announcement at a time, on a thread of its own (the helpers block while playing).
    private let queue = DispatchQueue(label: "tessera.board.announcer")
    private let state = Mutex(State())

    private struct State {
        var reported: Set<String> = []
        var count = 0
    }

    /// `chime`: the chime's WAV file (nil: none found, the call is spoken only).
    /// `recordDirectory`: keep every rendered sentence there as a WAV, and write what was
    /// announced to `announcements.log` in it (for tests; nil in service).
    /// `output`: sox's output, the default sound device unless a test names another.
    public init(settings: BoardSettings, chime: String?, recordDirectory: URL? = nil, output: [String] = ["-d"],
                report: @escaping @Sendable (String) -> Void) {
        self.output = output
        self.settings = settings
        self.chime = chime
        sentence = CallSentence(settings)
        self.recordDirectory = recordDirectory
        self.report = report
        for language in [settings.language] + settings.languages where !CallSentence.canWord(language) {
            report("board: calls cannot be worded in '\(language)'; they are worded in English")
        }
    }

    public nonisolated(nonsending) func announce(_ call: BoardCall) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.async {
                self.play(call)
                done.resume()
            }
        }
    }

    private func play(_ call: BoardCall) {
        let text = sentence.sentence(for: call)
        let number = state.withLock { state in
            state.count += 1
            return state.count
        }
        let directory = recordDirectory ?? FileManager.default.temporaryDirectory
        let speech = directory.appendingPathComponent(
            recordDirectory == nil ? "tessera-call-\(getpid())-\(number).wav" : "\(number)-\(call.ticketCode).wav").path
        defer { if recordDirectory == nil { try? FileManager.default.removeItem(atPath: speech) } }
        var files: [String] = []
        if settings.chime, let chime { files.append(chime) }
        if settings.speech, render(text, voice: sentence.voice(for: call), to: speech) { files.append(speech) }
        record(call, text: text, number: number)
        guard !files.isEmpty, settings.volume > 0 else { return }
        let volume = settings.volume == 100 ? "1" : settings.volume < 10 ? "0.0\(settings.volume)" : "0.\(settings.volume)"
        let outcome = SupervisedProcess(program: "sox", arguments: ["-q"] + files + output + ["vol", volume]).run()
        check(outcome, "sox", problem: "calls cannot be played (no sound device?)")
    }

    /// Writes the sentence as a WAV with espeak-ng; false when it could not.
    private func render(_ text: String, voice: String, to path: String) -> Bool {
        let outcome = SupervisedProcess(program: "espeak-ng", arguments: ["-v", voice, "-w", path, text],
                                        timeout: .seconds(10)).run()
        return check(outcome, "espeak-ng", problem: "calls cannot be spoken with voice '\(voice)'")
    }

    @discardableResult
    private func check(_ outcome: SupervisedProcess.Outcome, _ tool: String, problem: String) -> Bool {
        let key = "\(tool) \(problem)"
        if outcome.succeeded {
            state.withLock { _ = $0.reported.remove(key) }
            return true
        }
        let first = state.withLock { $0.reported.insert(key).inserted }
        if first {
            let why = outcome.timedOut ? "\(tool) did not finish in time"
                : outcome.status == 127 ? "\(tool) is not installed" : "\(tool) exit \(outcome.status): \(outcome.errors.split(separator: "\n").last ?? "")"
            report("board: \(problem): \(why); the board goes on without it")
        }
        return false
    }

    /// One line a call: number, ticket, desk, kind, sentence, espeak-ng voice (tab-separated).
    private func record(_ call: BoardCall, text: String, number: Int) {
        guard let recordDirectory else { return }
        let line = "\(number)\t\(call.ticketCode)\t\(call.desk.rawValue)\t\(call.kind.rawValue)\t\(text)"
            + "\t\(sentence.voice(for: call))\n"
        let log = recordDirectory.appendingPathComponent("announcements.log").path
        let descriptor = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = Array(line.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
