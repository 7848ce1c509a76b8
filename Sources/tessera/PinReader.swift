import Glibc
import Localization
import TesseraFeatures

/// Reads a new PIN from standard input: from a terminal twice, with echo off; from a pipe, one
/// line. The PIN is never echoed, printed or put in an error message.
enum PinReader {
    /// `command` (`staff add`, `staff pin`) names the command in its messages.
    static func read(for command: String) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            guard let line = readLine(strippingNewline: true) else {
                throw UsageError(localized("tessera %1$s: no PIN on standard input; give it as one line (echo 2468 | tessera %2$s NAME), or run it at a terminal to type it", command, command))
            }
            return try checked(line, command: command)
        }
        let first = try checked(prompt(localized("New PIN (4 to 8 digits): ")), command: command)
        guard prompt(localized("The same PIN again: ")) == first else {
            throw UsageError(localized("tessera %s: the two PINs differ; nothing was changed", command))
        }
        return first
    }

    private static func checked(_ pin: String, command: String) throws -> String {
        guard PinHash.isValid(pin) else { throw UsageError(localized("tessera %1$s: %2$s", command, PinHash.Failure.notAPin.description)) }
        return pin
    }

    /// One line typed at the terminal with echo off (restored even if reading fails). Echo goes
    /// off before the prompt shows: a PIN typed as soon as the prompt appears is never echoed.
    /// (Typed before it, it is discarded, TCSAFLUSH, rather than echoed and read.)
    private static func prompt(_ text: String) -> String {
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            StandardStreams.prompt("\n")
        }
        StandardStreams.prompt(text)
        return readLine(strippingNewline: true) ?? ""
    }
}
