import FoundationEssentials
import Glibc

/// A helper program run to completion with a deadline: what the board's announcer uses for
/// espeak-ng and sox, so a synthesiser or sound device that hangs is killed instead of
/// stopping every call after it. Started with `posix_spawnp` (Foundation's `Process` would
/// bring ICU into the binary with it).
struct SupervisedProcess {
    struct Outcome: Sendable {
        /// The exit status; 127 when the program is not installed.
        var status: Int32
        /// What it wrote on standard error, trimmed.
        var errors: String
        var timedOut: Bool
        var succeeded: Bool { status == 0 && !timedOut }
    }

    var program: String
    var arguments: [String]
    var timeout: Duration = .seconds(30)

    /// Runs the program (found on `PATH`) and waits for it; blocks the calling thread, so call
    /// it from a thread of its own, never from Swift's cooperative pool or the GTK thread.
    func run() -> Outcome {
        // Standard error goes to a file the parent reads afterwards: nothing to drain meanwhile.
        let errorPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("tessera-\(program)-\(UUID().uuidString).err").path
        defer { unlink(errorPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else {
            return Outcome(status: 127, errors: "\(program): \(String(cString: strerror(spawned)))", timedOut: false)
        }
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        var timedOut = false
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid || (done < 0 && errno != EINTR) { break }
            if ContinuousClock.now >= deadline, !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(2_000)
        }
        let text = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(status: exit, errors: text.trimmingSpaces(), timedOut: timedOut)
    }
}
