import Foundation
import KeyFileFormat
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// The configuration file: every key read into its place, and every mistake reported as
/// `FILE:LINE: [group] key: what is wrong`, refusing the whole file.
@Suite(.offThePool) struct SettingsFileTests {
    @Test func readsAWholeStore() throws {
        let settings = try SettingsFile.parse("""
            [store]
            name = Cardiff Queen Street
            time-zone = Europe/London
            day-starts-at = 05:30
            carry-over = keep-waiting

            [service:C]
            name = Click & Collect
            colour = #2E7D32
            daily-cap = 200
            priority-weight = 2
            hours = 09:00-17:30
            expected-minutes = 6

            [service:R]
            name = Returns

            [desk:2]
            name = Returns counter
            services = R;C;

            [kiosk]
            ticket-seconds = 12
            idle-seconds = 40
            high-contrast = true
            large-text = true

            [board]
            chime = false
            voice = cy
            volume = 60
            highlight-seconds = 9
            high-contrast = true
            large-text = true
            """, file: "tessera.conf")
        let setup = try #require(settings.setup)
        let configuration = setup.configuration
        #expect(configuration.storeName == "Cardiff Queen Street")
        #expect(configuration.timeZone.identifier == "Europe/London")
        #expect(configuration.businessDayStart == TimeOfDay(hour: 5, minute: 30))
        #expect(configuration.carryOver == .carryOver)
        #expect(configuration.services.keys.sorted() == ["C", "R"])
        let collect = try #require(configuration.services["C"])
        #expect(collect.name == "Click & Collect" && collect.colour == "#2E7D32" && collect.dailyCap == 200)
        #expect(collect.priorityWeight == 2)
        #expect(collect.openingHours == OpeningHours(opens: TimeOfDay(hour: 9), closes: TimeOfDay(hour: 17, minute: 30)))
        #expect(configuration.services["R"]?.dailyCap == nil)
        #expect(collect.expectedMinutes == 6 && configuration.services["R"]?.expectedMinutes == nil)
        #expect(setup.desks == [Desk(number: 2, name: "Returns counter", services: ["R", "C"])])
        #expect(settings.kiosk.ticketSeconds == 12 && settings.kiosk.idleSeconds == 40)
        #expect(settings.kiosk.highContrast && settings.kiosk.largeText && settings.theme == nil)
        #expect(!settings.board.chime && settings.board.voice == "cy" && settings.board.volume == 60)
        #expect(settings.board.highlightSeconds == 9)
        #expect(settings.board.highContrast && settings.board.largeText)
        #expect(settings.servicesDefinedByFile == ["C", "R"])
    }

    @Test func aFileWithoutStoreGroupsLeavesTheStoreAsItIs() throws {
        let settings = try SettingsFile.parse("[kiosk]\nticket-seconds=5\n", file: "screens.conf")
        #expect(settings.setup == nil)
        #expect(settings.servicesDefinedByFile.isEmpty)
        #expect(settings.kiosk.ticketSeconds == 5)
    }

    @Test func withoutDeskGroupsDesksOneToThreeServeEveryService() throws {
        let setup = try #require(try SettingsFile.parse("[service:X]\nname=Express\n", file: "f").setup)
        #expect(setup.desks.map(\.number) == [1, 2, 3])
        #expect(setup.desks.allSatisfy { $0.services == ["X"] })
        #expect(setup.configuration.timeZone.identifier == TimeZone.current.identifier, "the machine's time zone by default")
    }

    @Test func eachMistakeNamesItsLineGroupAndKey() {
        #expect(problems("[store]\ntime-zone = Europe/Lndon\n[service:C]\nname=C\n") == [
            "tessera.conf:2: [store] time-zone: “Europe/Lndon” is not a time zone; use an IANA name such as Europe/London (see timedatectl list-timezones)",
        ])
        #expect(problems("[service:C]\nname=C\ncolor=#fff\n")
            == ["tessera.conf:3: [service:C] color: unknown key; [service:…] has colour, daily-cap, expected-minutes, hours, name, prefix, priority-weight"])
        #expect(problems("[service:C]\nname=C\nhours=9-17\n")
            == ["tessera.conf:3: [service:C] hours: “9-17” is not opening hours; write HH:MM-HH:MM, like 09:00-17:30"])
        #expect(problems("[service:C]\nname=C\n[desk:1]\nservices=C;Q\n")
            == ["tessera.conf:4: [desk:1] services: service “Q” is not defined in this file; add a [service:Q] group or remove it here"])
        #expect(problems("[service:c1]\nname=C\n")
            == ["tessera.conf:1: [service:c1]: “c1” is not a service code: 1 to 3 letters A–Z, like [service:C]"])
        #expect(problems("[service:C]\nname=C\n[desk:010]\nservices=C\n")
            == ["tessera.conf:3: [desk:010]: “010” is not a desk number: 1 to 999, like [desk:3]"])
        #expect(problems("[kiosk]\nticket-seconds=soon\n")
            == ["tessera.conf:2: [kiosk] ticket-seconds: “soon” is not a whole number"])
        #expect(problems("[kiosk]\nhigh-contrast=yes\n")
            == ["tessera.conf:2: [kiosk] high-contrast: “yes” is not true or false"])
        #expect(problems("[printer]\n") == [
            "tessera.conf:1: [printer]: unknown group; a configuration file has [store], [service:CODE], [desk:N], [kiosk], [board], [staff], [theme] and [web]",
        ])
        #expect(problems("[service:C]\nname=Line\\nbreak\n")
            == ["tessera.conf:2: [service:C] name: must be one line of text without control characters (no newlines, tabs or terminal escapes)"])
        #expect(problems("[service:C]\n") == ["tessera.conf:1: [service:C]: a service needs a name: add name=…"])
        #expect(problems("[store]\nname=Shop\n") == [
            "tessera.conf:1: [store]: the file describes the store but defines no service; add a [service:C] group with a name",
        ])
    }

    /// Service codes are the same in either case, in the file as on the command line.
    @Test func aServiceCodeIsTheSameInEitherCase() throws {
        let setup = try #require(try SettingsFile.parse("""
            [service:c]
            name = Click & Collect
            prefix = c
            [service:Kc]
            name = Key Cutting
            [desk:1]
            services = C;kC
            """, file: "f").setup)
        #expect(setup.configuration.services.keys.sorted() == ["C", "KC"])
        #expect(setup.configuration.services["C"]?.code == "C")
        #expect(setup.desks == [Desk(number: 1, name: "Desk 1", services: ["C", "KC"])])
        #expect(problems("[service:C]\nname=A\n[service:c]\nname=B\n") == [
            "tessera.conf:3: [service:c]: this is the service of [service:C] on line 1 (codes are the same in either case); write it once",
        ])
    }

    /// The file cannot say overnight hours yet, so hours that end before (or when) they start are
    /// a mistake, not a service open all night.
    @Test func hoursThatEndBeforeTheyStartAreRefusedWithTheirLine() {
        #expect(problems("[service:C]\nname=C\nhours = 17:30-09:00\n") == [
            "tessera.conf:3: [service:C] hours: “17:30-09:00”: hours must end after they start; write HH:MM-HH:MM with the earlier time first, like 09:00-17:30",
        ])
        #expect(problems("[service:C]\nname=C\nhours = 09:00-09:00\n").count == 1)
        #expect(problems("[service:C]\nname=C\nhours = 09:00-09:01\n").isEmpty)
    }

    @Test func everyProblemIsReportedInFileOrderAndTheOutputIsCapped() throws {
        let lines = (1...30).map { "key\($0)=x" }.joined(separator: "\n")
        let error = #expect(throws: SettingsFileError.self) { try SettingsFile.parse("[kiosk]\n" + lines, file: "f") }
        #expect(error?.problems.count == 30)
        #expect(error?.problems.map(\.location.line) == Array(2...31))
        let printed = error?.description.split(separator: "\n") ?? []
        #expect(printed.count == ProblemReport.shown + 1)
        #expect(printed.last == "… and 20 more problems in f")
    }

    @Test func aMissingFileOrADirectoryIsSaidPlainly() {
        let missing = #expect(throws: SettingsFileError.self) { try TesseraSettings.load(configPath: "/nonexistent/tessera.conf") }
        #expect(missing?.description == "/nonexistent/tessera.conf: no such configuration file; check the path, or leave --config out for the built-in defaults")
        let directory = #expect(throws: SettingsFileError.self) { try TesseraSettings.load(configPath: "/tmp") }
        #expect(directory?.description == "/tmp: cannot be read as a configuration file: it is a directory, not a regular file")
    }

    @Test func withoutConfigTheSystemFileIsReadOnlyIfItExists() throws {
        #expect(try TesseraSettings.load(configPath: nil, systemPath: "/nonexistent/tessera.conf") == TesseraSettings())
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-\(UUID()).conf").path
        try "[kiosk]\nidle-seconds=9\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let settings = try TesseraSettings.load(configPath: nil, systemPath: path)
        #expect(settings.file == path && settings.kiosk.idleSeconds == 9)
    }

    /// The file the package ships spells out the built-in defaults: read as a file, it gives
    /// exactly the store a machine without one gets.
    @Test func theShippedFileIsTheBuiltInDefaults() throws {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/tessera.conf").path
        let settings = try TesseraSettings.load(configPath: shipped)
        #expect(settings.setup == nil, "every store key is commented out")
        #expect(settings.kiosk == KioskSettings() && settings.board == BoardSettings() && settings.theme == nil)
        #expect(settings.web == WebSettings())
        let uncommented = try String(contentsOfFile: shipped, encoding: .utf8).split(separator: "\n")
            .map { $0.hasPrefix("#") && !$0.hasPrefix("# ") && !$0.hasPrefix("##") ? String($0.dropFirst()) : String($0) }
            .joined(separator: "\n")
        let spelled = try SettingsFile.parse(uncommented, file: shipped)
        var expected = StoreSetup.demo(timeZone: StoreTimeZone.current)
        expected.configuration.timeZone = try #require(spelled.setup?.configuration.timeZone)
        #expect(spelled.setup == expected)
        #expect(spelled.kiosk == KioskSettings() && spelled.board == BoardSettings())
        #expect(spelled.staff == StaffSettings() && spelled.web == WebSettings())
    }
}

/// `[staff]`: the desk's automatic sign-out.
struct StaffSettingsFileTests {
    @Test func signOutMinutesIsReadAndChecked() throws {
        #expect(try SettingsFile.parse("[staff]\nsign-out-minutes=3\n", file: "f").staff.signOutMinutes == 3)
        #expect(TesseraSettings().staff.signOutMinutes == 10)
        let error = #expect(throws: SettingsFileError.self) { try SettingsFile.parse("[staff]\nsign-out-minutes=0\n", file: "f") }
        #expect(error?.description.contains("f:2: [staff] sign-out-minutes") == true, "\(String(describing: error))")
    }
}

/// `[store] target-wait-minutes`: the report's target wait.
struct TargetWaitSettingsFileTests {
    @Test func targetWaitIsReadAndCheckedWithItsLine() throws {
        #expect(TesseraSettings().targetWaitMinutes == 15)
        let spelled = try SettingsFile.parse("[store]\nname=Shop\ntarget-wait-minutes=10\n[service:C]\nname=Collect\n", file: "f")
        #expect(spelled.targetWaitMinutes == 10 && spelled.setup?.configuration.storeName == "Shop")
        for (value, message) in [("0", "0 is out of range; allowed 1 to 480"), ("ten", "“ten” is not a whole number")] {
            let error = #expect(throws: SettingsFileError.self) {
                try SettingsFile.parse("# report\n[store]\ntarget-wait-minutes=\(value)\n", file: "f")
            }
            #expect(error?.description.contains("f:3: [store] target-wait-minutes: \(message)") == true, "\(String(describing: error))")
        }
    }

    /// Alone in `[store]`, the target does not make the file describe the store (which would
    /// then need services): a store whose services are managed elsewhere can still set it.
    @Test func aTargetAloneDoesNotDescribeTheStore() throws {
        let settings = try SettingsFile.parse("[store]\ntarget-wait-minutes=20\n", file: "f")
        #expect(settings.setup == nil && settings.targetWaitMinutes == 20)
        #expect(throws: SettingsFileError.self) { try SettingsFile.parse("[store]\n", file: "f") }
    }
}
