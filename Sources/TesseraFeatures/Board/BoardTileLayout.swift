/// How the board lays out its service tiles: how many side by side, and whether the rest of the
/// board steps down to its smaller type to leave them room. Tiles are read from across a waiting
/// area, so each keeps a width where a long name wraps to a few lines and the waiting count
/// stays on one: at most four across a landscape screen, two across a portrait one.
public struct BoardTileLayout: Equatable, Sendable {
    /// Tiles in a row.
    public var columns: Int
    /// Rows of tiles.
    public var rows: Int
    /// Whether the calls and desks above the tiles take the smaller type: the tiles take more
    /// than one row of a landscape screen, or more than two of a portrait one.
    public var isDense: Bool

    private enum Limit {
        static let landscapeColumns = 4
        static let portraitColumns = 2
        static let landscapeRows = 1
        static let portraitRows = 2
    }

    /// The layout for `services` tiles on a screen that is `portrait` (taller than wide) or not:
    /// one row while they fit, then rows as even as can be (six in a landscape screen: two rows
    /// of three, not four and two).
    /// `narrow`: the board has a strip of a screen (the demo's third), one tile across.
    public static func fitting(services: Int, portrait: Bool, narrow: Bool = false) -> BoardTileLayout {
        let count = max(services, 1)
        let widest = narrow ? 1 : portrait ? Limit.portraitColumns : Limit.landscapeColumns
        let rows = (count + widest - 1) / widest
        let columns = (count + rows - 1) / rows
        return BoardTileLayout(columns: columns, rows: rows,
                               isDense: rows > (portrait ? Limit.portraitRows : Limit.landscapeRows))
    }

    /// Where tile `index` goes: left to right, then top to bottom.
    public func cell(of index: Int) -> (column: Int, row: Int) { (index % columns, index / columns) }
}
