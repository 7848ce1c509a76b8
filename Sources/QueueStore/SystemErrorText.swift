import FoundationEssentials
import Glibc

/// The system's words for a failed file operation ("Permission denied"), from the errno under
/// FoundationEssentials' `CocoaError`, which has no `localizedDescription` of its own without
/// the Foundation that links ICU.
func systemErrorText(_ error: any Error) -> String {
    let posix = (error as? POSIXError) ?? ((error as? CocoaError)?.underlying as? POSIXError)
    guard let posix else { return "\(error)" }
    return String(cString: strerror(posix.code.rawValue))
}
