import Foundation

/// The version `tessera --version` prints.
let tesseraVersion = "0.1.0"

// Placeholder until GtkKit's Application exists.
func runApplication(_ argv: [String]) -> Int32 {
    if argv.contains("--version") { print("tessera \(tesseraVersion)"); return 0 }
    print("tessera: the GTK application arrives with the foundation issue")
    return 2
}
