import Testing
import TesseraFeatures

/// How many tiles a row holds, and when the calls above them step down to leave them room.
@Suite struct BoardTileLayoutTests {
    @Test(arguments: [
        // services, portrait, columns, rows, dense
        (1, false, 1, 1, false), (4, false, 4, 1, false), (5, false, 3, 2, true), (6, false, 3, 2, true),
        (8, false, 4, 2, true), (12, false, 4, 3, true),
        (1, true, 1, 1, false), (2, true, 2, 1, false), (4, true, 2, 2, false), (6, true, 2, 3, true),
    ])
    func tilesFillRowsAsEvenlyAsTheScreenAllows(_ row: (Int, Bool, Int, Int, Bool)) {
        let layout = BoardTileLayout.fitting(services: row.0, portrait: row.1)
        #expect((layout.columns, layout.rows, layout.isDense) == (row.2, row.3, row.4),
                "\(row.0) services, \(row.1 ? "portrait" : "landscape")")
    }

    @Test func aNarrowBoardHasOneTileARow() {
        let layout = BoardTileLayout.fitting(services: 3, portrait: true, narrow: true)
        #expect((layout.columns, layout.rows) == (1, 3))
    }

    @Test func tilesGoLeftToRightThenDown() {
        let layout = BoardTileLayout.fitting(services: 6, portrait: false)
        #expect((0..<6).map { layout.cell(of: $0).column } == [0, 1, 2, 0, 1, 2])
        #expect((0..<6).map { layout.cell(of: $0).row } == [0, 0, 0, 1, 1, 1])
    }
}
