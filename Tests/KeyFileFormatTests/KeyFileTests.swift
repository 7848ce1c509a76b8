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
}
