import QueueCore

/// Plays a call to the waiting area (a chime, then the spoken sentence). A port: the app
/// speaks through espeak-ng, tests record.
public protocol CallAnnouncer: Sendable {
    /// Announces `call`, returning once it has been heard (or could not be played: a board
    /// without sound goes on silently). Never called for the next call before this returns.
    func announce(_ call: BoardCall) async
}

/// The sentence a call is spoken as, worded for `[board] language`: the ticket's letters, then
/// its number as a person says it ("C012" → "C 12"), then the desk.
public struct CallSentence: Sendable {
    public let language: String

    public init(language: String) { self.language = language }

    /// The languages calls can be worded in; any other falls back to English.
    public static let languages = ["en", "cy"]

    public func sentence(for call: BoardCall) -> String {
        let ticket = Self.spoken(call.ticketCode)
        let desk = call.desk.rawValue
        switch language {
        case "cy": return "Tocyn \(ticket), ewch i ddesg \(desk)"
        default: return "Ticket \(ticket), please go to desk \(desk)"
        }
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
