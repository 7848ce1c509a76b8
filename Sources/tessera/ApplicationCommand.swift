import TesseraApp

/// `tessera [demo|kiosk|desk|board] [options]` and `tessera --version`: the GTK application.
@MainActor func runApplication(_ argv: [String]) -> Int32 {
    TesseraApplication().run(argv)
}
