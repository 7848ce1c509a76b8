import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// A desk row's JSON is the one docs/storage-format.md shows. `Desk` is coded by hand
/// (QueueCore/DeskCoding.swift), so these read and write it through the store's codec.
@Suite(.offThePool) struct StoredDeskTests {
    let codec = RowCodec(file: "test.db")

    private func object(_ json: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
    }

    @Test func theDocumentedDeskReadsAndIsWrittenAlike() throws {
        let documented = """
            {"number": 1, "name": "Desk 1", "services": ["C", "R", "S"], "status": "open", "currentTicket": 7, "staff": 2}
            """
        let desk = Desk(number: 1, name: "Desk 1", services: ["C", "R", "S"], status: .open, currentTicket: 7, staff: 2)
        #expect(try codec.decode(Desk.self, documented) == desk)
        #expect(try object(try codec.text(desk)) == (try object(documented)))
    }

    @Test func optionalKeysMayBeMissingOrNullAndAreLeftOutWhenNil() throws {
        let idle = Desk(number: 3, name: "Returns", services: [], status: .closed)
        #expect(try codec.decode(Desk.self, #"{"number": 3, "name": "Returns", "services": [], "status": "closed"}"#) == idle)
        #expect(try codec.decode(Desk.self, """
            {"number": 3, "name": "Returns", "services": [], "status": "closed", "currentTicket": null, "staff": null}
            """) == idle)
        #expect(Set(try object(try codec.text(idle)).allKeys.compactMap { $0 as? String }) == ["number", "name", "services", "status"])
    }

    /// A property added to `Desk` and not to its coder must fail here, not vanish from the file.
    @Test func everyPropertyIsWritten() throws {
        let desk = Desk(number: 2, name: "Desk 2", services: ["R"], status: .paused, currentTicket: 9, staff: 1, allowed: ["C", "R"],
                        localizedNames: ["cy": "Desg 2"])
        let keys = Set(try object(try codec.text(desk)).allKeys.compactMap { $0 as? String })
        #expect(keys == Set(Mirror(reflecting: desk).children.compactMap(\.label)))
    }

    /// A desk stored before names had languages has none, and is written back as it was.
    @Test func aDeskWithoutNamesInLanguagesReadsAsHavingNoneAndWelshNamesComeBack() throws {
        let older = #"{"number": 1, "name": "Front Office", "services": ["C"], "status": "closed"}"#
        let desk = try codec.decode(Desk.self, older)
        #expect(desk.localizedNames.isEmpty)
        #expect(try object(try codec.text(desk)) == (try object(older)))
        var welsh = desk
        welsh.localizedNames = ["cy": "Swyddfa Flaen"]
        #expect(try codec.decode(Desk.self, try codec.text(welsh)) == welsh)
        #expect(try object(try codec.text(welsh))["localizedNames"] as? NSDictionary == ["cy": "Swyddfa Flaen"])
    }

    @Test func anUnknownStatusOrAMissingKeyIsCorrupt() {
        for json in [#"{"number": 1, "name": "Desk 1", "services": ["C"], "status": "asleep"}"#,
                     #"{"number": 1, "name": "Desk 1", "status": "open"}"#] {
            #expect(throws: StoreError.self) { try codec.decode(Desk.self, json) }
        }
    }
}
