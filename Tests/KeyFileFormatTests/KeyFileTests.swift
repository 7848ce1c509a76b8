import Testing
@testable import KeyFileFormat

@Suite struct KeyFileTests {
    @Test func readsGroupsEntriesAndLineNumbers() {
        let text = """
        # comment
        [theme]
          name = Acme Retail  
        
        [primary]
        normal-background=#000
        \t# indented comment
        radius=\\s4\\t
        """
        let (file, errors) = KeyFile.parse(text)
        #expect(errors.isEmpty)
        #expect(file.groups == [.init(name: "theme", line: 2), .init(name: "primary", line: 5)])
        #expect(file.entries.map(\.key) == ["name", "normal-background", "radius"])
        #expect(file.entry("name", in: "theme")?.value == "Acme Retail")
        #expect(file.entry("name", in: "theme")?.line == 3)
        #expect(file.entry("radius", in: "primary")?.value == " 4\t")
        #expect(file.entry("radius", in: "primary")?.line == 8)
        #expect(file.entry("radius", in: "theme") == nil)
    }

    @Test func handlesWindowsLineEndingsAndAByteOrderMark() {
        let (file, errors) = KeyFile.parse("\u{FEFF}[theme]\r\nname=A\r\n\r\nbase=default\r\n")
        #expect(errors.isEmpty)
        #expect(file.entry("name", in: "theme")?.value == "A")
        #expect(file.entry("base", in: "theme")?.line == 4)
    }

    @Test func reportsEverySyntaxErrorWithItsLine() {
        let text = """
        orphan=1
        [theme
        [theme]
        just words
        =value
        name=a
        name=b
        bad=x\\q
        [a]b]
        """
        let (file, errors) = KeyFile.parse(text)
        #expect(errors.map(\.line) == [1, 2, 4, 5, 7, 8, 9])
        #expect(errors[0].key == "orphan" && errors[0].message.contains("before the first [group]"))
        #expect(errors[1].message.contains("not a valid [group] header"))
        #expect(errors[2].group == "theme" && errors[2].message.contains("not a key=value pair"))
        #expect(errors[3].message.contains("no key"))
        #expect(errors[4].key == "name" && errors[4].message.contains("first on line 6"))
        #expect(errors[5].key == "bad" && errors[5].message.contains("\\q"))
        #expect(file.entries.map(\.value) == ["a"])
    }
    /// `name[cy]=…` is GKeyFile's value per language: the key keeps its locale apart.
    @Test func aLocalizedKeyIsItsNameAndLocale() {
        let (file, errors) = KeyFile.parse("[service:C]\nname = Click & Collect\nname[cy] = Clicio a Chasglu\nname[sr@latin]=x\n")
        #expect(errors.isEmpty)
        #expect(file.entry("name", in: "service:C")?.value == "Click & Collect", "the plain key is still itself")
        #expect(file.entry("name", in: "service:C")?.locale == nil)
        let localized = file.localizedEntries("name", in: "service:C")
        #expect(localized.map(\.locale) == ["cy", "sr@latin"])
        #expect(localized.map(\.name) == ["name", "name"] && localized.map(\.key) == ["name[cy]", "name[sr@latin]"])
        #expect(localized.map(\.line) == [3, 4])
    }

    @Test func aMalformedLocalizedKeyIsASyntaxErrorWithItsLine() {
        let (file, errors) = KeyFile.parse("[store]\nname[cy = A\nname[] = B\n[cy] = C\nna]me = D\nname[cy]x = E\nname[cy] = F\nname[cy] = G\n")
        #expect(errors.map(\.line) == [2, 3, 4, 5, 6, 8])
        #expect(errors[0].message.contains("key[locale]=value"))
        #expect(errors[1].message.contains("no locale") && errors[1].message.contains("name[cy]"))
        #expect(errors[5].message.contains("first on line 7"), "a language is given once, like any key")
        #expect(file.entries.map(\.value) == ["F"])
    }
}
