import Localization
import QueueCore

/// Plays a call to the waiting area (a chime, then the spoken sentence). A port: the app
/// speaks through espeak-ng, tests record.
public protocol CallAnnouncer: Sendable {
    /// Announces `call`, returning once it has been heard (or could not be played: a board
    /// without sound goes on silently). Never called for the next call before this returns.
    nonisolated(nonsending) func announce(_ call: BoardCall) async
}

/// The sentence a call is spoken as, and the espeak-ng voice that speaks it: in the language
/// its ticket's customer chose, if the board speaks it (`[board] languages=`), else in
/// `[board] language=`. The ticket's letters come apart, then its number as a person says it
/// ("C012" → "C 12"), then the desk; the voice of the language reads the numbers in it.
public struct CallSentence: Sendable {
    public let language: String
    /// The languages a ticket's own language is honoured in.
    public let languages: [String]
    /// The voice for `language` (`[board] voice=`); another language's voice is its own name.
    public let voice: String

    public init(language: String, languages: [String] = [], voice: String = "en-gb") {
        self.language = language
        self.languages = languages
        self.voice = voice
    }

    public init(_ settings: BoardSettings) {
        self.init(language: settings.language, languages: settings.languages, voice: settings.voice)
    }

    /// Whether calls can be worded in `language`: English, the sources' own, or a language with
    /// a catalog that translates the call.
    public static func canWord(_ language: String) -> Bool {
        language == "en" || language.hasPrefix("en_")
            || words(Language(language), ticket: "C 1", desk: 1) != words(Language("en"), ticket: "C 1", desk: 1)
    }

    /// The language `call` is spoken in.
    public func language(of call: BoardCall) -> String {
        if let chosen = call.language, languages.contains(chosen) { return chosen }
        return language
    }

    /// The espeak-ng voice for `call`: "cy" for Welsh, "en-gb" for en_GB.
    public func voice(for call: BoardCall) -> String {
        let spoken = language(of: call)
        return spoken == language ? voice : spoken.lowercased().replacing("_", with: "-")
    }

    public func sentence(for call: BoardCall) -> String {
        let spoken = language(of: call)
        let words = Language(spoken)
        guard let name = call.deskName(in: spoken) else { return Self.words(words, ticket: Self.spoken(call.ticketCode), desk: call.desk.rawValue) }
        // TRANSLATORS: the board's spoken call to a desk with its own name. %1$s: the ticket ("C 12");
        // %2$s: the desk's name as the store wrote it ("Front Counter"), in your language where it gave one.
        return words.localized("Ticket %1$s, please go to %2$s", Self.spoken(call.ticketCode), name)
    }

    private static func words(_ language: Language, ticket: String, desk: Int) -> String {
        // TRANSLATORS: the board's spoken call. %1$s: the ticket ("C 12": letters, then the number, which
        // the voice of your language reads aloud); %2$d: the desk number.
        language.localized("Ticket %1$s, please go to desk %2$d", ticket, desk)
    }

    /// "C012" → "C 12": letters apart from the number (espeak-ng would read "C012" as a word),
    /// the number without leading zeros (said "twelve", not "zero one two").
    static func spoken(_ code: String) -> String {
        let letters = code.prefix { !$0.isNumber }
        let digits = code.dropFirst(letters.count)
        guard !digits.isEmpty, digits.allSatisfy(\.isNumber) else { return code }
        let number = digits.drop { $0 == "0" }
        let spelled = letters.map(String.init).joined(separator: " ")
        return [spelled, number.isEmpty ? "0" : String(number)].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
