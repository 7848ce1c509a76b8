import Foundation

/// Runs `tessera` with some of its standard streams redirected by `/bin/sh` (`>&-` closes
/// standard output, `2>/dev/full` makes every write to standard error fail with ENOSPC), as a
/// script or a service manager would start it; the streams left alone are captured.
func runTessera(_ arguments: [String], redirecting redirections: String,
                environment: [String: String] = [:]) throws -> ProcessResult {
    try runTessera(arguments, environment: environment, launcher: (URL(fileURLWithPath: "/bin/sh"),
        ["-c", "exec \"$0\" \"$@\" \(redirections)", TesseraBinary.url.path]))
}
