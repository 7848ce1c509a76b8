/// The colours and type of the report's charts. `paper` is the PDF's; a screen may make its own
/// (from its theme) and pass it to the same drawing calls.
public struct ChartStyle: Sendable, Equatable {
    /// A font family fontconfig knows (`DejaVu Sans` ships with Tessera's packages).
    public var fontFamily: String
    /// Multiplies every font size: 1 on paper (sizes are in points), more for a screen read
    /// from a distance.
    public var textScale: Double
    public var background: ChartColour
    public var text: ChartColour
    public var mutedText: ChartColour
    public var grid: ChartColour
    /// Tickets issued, and tickets served, in the hour chart.
    public var issued: ChartColour
    public var served: ChartColour
    /// The average wait's line, and the target wait's dashed line.
    public var wait: ChartColour
    public var target: ChartColour
    /// The empty part of a share bar, and the filled part of one with no colour of its own
    /// (desks, staff).
    public var track: ChartColour
    public var share: ChartColour
    /// The figures' tiles.
    public var tile: ChartColour

    public init(fontFamily: String, textScale: Double, background: ChartColour, text: ChartColour, mutedText: ChartColour,
                grid: ChartColour, issued: ChartColour, served: ChartColour, wait: ChartColour, target: ChartColour,
                track: ChartColour, share: ChartColour, tile: ChartColour) {
        self.fontFamily = fontFamily
        self.textScale = textScale
        self.background = background
        self.text = text
        self.mutedText = mutedText
        self.grid = grid
        self.issued = issued
        self.served = served
        self.wait = wait
        self.target = target
        self.track = track
        self.share = share
        self.tile = tile
    }

    /// Black text on white, colours that stay apart in greyscale print.
    public static let paper = ChartStyle(
        fontFamily: "DejaVu Sans", textScale: 1,
        background: ChartColour(red: 1, green: 1, blue: 1),
        text: ChartColour(red: 0.1, green: 0.1, blue: 0.12),
        mutedText: ChartColour(red: 0.36, green: 0.37, blue: 0.4),
        grid: ChartColour(red: 0.85, green: 0.86, blue: 0.88),
        issued: ChartColour(red: 0.62, green: 0.74, blue: 0.88),
        served: ChartColour(red: 0.08, green: 0.33, blue: 0.63),
        wait: ChartColour(red: 0.85, green: 0.37, blue: 0.05),
        target: ChartColour(red: 0.72, green: 0.11, blue: 0.11),
        track: ChartColour(red: 0.91, green: 0.92, blue: 0.93),
        share: ChartColour(red: 0.24, green: 0.42, blue: 0.55),
        tile: ChartColour(red: 0.95, green: 0.96, blue: 0.97))
}
