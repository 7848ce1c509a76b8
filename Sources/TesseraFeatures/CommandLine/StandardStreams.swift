import Glibc

/// Output for the person at the command line, written with `write(2)`: a closed or full
/// stream is reported as `false`, never a crash (a ticket was committed all the same, and the
/// caller decides what the exit code says).
public enum StandardStreams {
    /// Writes `text` and a newline to standard output; false when it could not all be written.
    @discardableResult
    public static func printOutput(_ text: String) -> Bool {
        write(text + "\n", to: STDOUT_FILENO)
    }

    /// Writes `text` to standard error as it is (a prompt); false when it could not be written.
    @discardableResult
    public static func prompt(_ text: String) -> Bool {
        write(text, to: STDERR_FILENO)
    }

    /// Writes `message` and a newline to standard error; false when it could not be written.
    @discardableResult
    public static func printError(_ message: String) -> Bool {
        write(message + "\n", to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) -> Bool {
        // A reader that went away must not kill the process with SIGPIPE: the write fails instead.
        _ = ignoreBrokenPipe
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            bytes = bytes.dropFirst(written)
        }
        return true
    }

    private static let ignoreBrokenPipe: Void = { signal(SIGPIPE, SIG_IGN) }()
}

/// Writes one line to standard error (messages for the person at the command line).
public func printError(_ message: String) {
    StandardStreams.printError(message)
}
