import Foundation

/// Writes one line to standard error (messages for the person at the command line).
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
