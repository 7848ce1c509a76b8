import Localization
import QueueCore
import TesseraFeatures

/// What the paper ticket says, top to bottom, and how large: sizes are fractions of the dot
/// width, so a 58 mm and an 80 mm ticket look alike. Its words are the kiosk's, in the language
/// of the ticket.
enum TicketLayout {
    struct Block: Equatable {
        var text: String
        var pixelSize: Int
        var bold = false
        /// Never wrapped: shrunk to fit instead (the code).
        var singleLine = false
        var gapBefore = 0
    }

    static func blocks(for ticket: PrintedTicket, dots: Int) -> [Block] {
        let words = KioskWords(language: ticket.language.map(Language.init) ?? .locale)
        var blocks: [Block] = []
        if ticket.isReprint { blocks.append(Block(text: words.copy, pixelSize: dots / 16, bold: true)) }
        if !ticket.storeName.isEmpty { blocks.append(Block(text: ticket.storeName, pixelSize: dots / 14, bold: true)) }
        blocks.append(Block(text: words.heading, pixelSize: dots / 18, gapBefore: dots / 24))
        blocks.append(Block(text: ticket.code, pixelSize: dots * 3 / 10, bold: true, singleLine: true))
        blocks.append(Block(text: ticket.serviceName, pixelSize: dots / 12, bold: true))
        blocks.append(Block(text: words.issued(on: ticket.issuedOn, at: ticket.issuedAtSeconds), pixelSize: dots / 18,
                            gapBefore: dots / 48))
        if let ahead = words.peopleAhead(ticket.peopleAhead) {
            blocks.append(Block(text: ahead, pixelSize: dots / 16, gapBefore: dots / 24))
        }
        if let wait = WaitWords(words.language).wait(peopleAhead: ticket.peopleAhead, estimate: ticket.estimatedWait) {
            blocks.append(Block(text: wait, pixelSize: dots / 16))
        }
        if !ticket.footer.isEmpty { blocks.append(Block(text: ticket.footer, pixelSize: dots / 20, gapBefore: dots / 24)) }
        return blocks
    }
}

/// The printed ticket's own words.
extension KioskWords {
    var copy: String { language.localized("COPY") }

    /// The store's wall clock at issue.
    func issued(on day: BusinessDay, at seconds: Int) -> String {
        let minutes = seconds / 60
        return language.dateAndTime(year: day.year, month: day.month, day: day.day, hour: minutes / 60,
                                    minute: minutes % 60)
    }
}
