import QueueCore
import TesseraFeatures

/// What the paper ticket says, top to bottom, and how large: sizes are fractions of the dot
/// width, so a 58 mm and an 80 mm ticket look alike. Every word is `TicketWords`'.
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
        var blocks: [Block] = []
        if ticket.isReprint { blocks.append(Block(text: TicketWords.copy, pixelSize: dots / 16, bold: true)) }
        if !ticket.storeName.isEmpty { blocks.append(Block(text: ticket.storeName, pixelSize: dots / 14, bold: true)) }
        blocks.append(Block(text: TicketWords.heading, pixelSize: dots / 18, gapBefore: dots / 24))
        blocks.append(Block(text: ticket.code, pixelSize: dots * 3 / 10, bold: true, singleLine: true))
        blocks.append(Block(text: ticket.serviceName, pixelSize: dots / 12, bold: true))
        blocks.append(Block(text: TicketWords.issued(on: ticket.issuedOn, at: ticket.issuedAtSeconds), pixelSize: dots / 18,
                            gapBefore: dots / 48))
        if let ahead = KioskWords.peopleAhead(ticket.peopleAhead) {
            blocks.append(Block(text: ahead, pixelSize: dots / 16, gapBefore: dots / 24))
        }
        if (ticket.peopleAhead ?? 0) > 0, let wait = KioskWords.wait(ticket.estimatedWait) {
            blocks.append(Block(text: wait, pixelSize: dots / 16))
        }
        if !ticket.footer.isEmpty { blocks.append(Block(text: ticket.footer, pixelSize: dots / 20, gapBefore: dots / 24)) }
        return blocks
    }
}

/// The printed ticket's own words (the rest are `KioskWords`').
enum TicketWords {
    static let heading = "Your number"
    static let copy = "COPY"
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "30 Nov 2026, 19:40" (the store's wall clock).
    static func issued(on day: BusinessDay, at seconds: Int) -> String {
        let minutes = seconds / 60
        let hour = minutes / 60, minute = minutes % 60
        return "\(day.day) \(months[day.month - 1]) \(day.year), \(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
