import Localization
/// Where the kiosk's ticket printer is (`[kiosk] printer=`): no printer, a device file (USB
/// through the kernel's usblp driver, or a serial port), raw TCP (as CUPS spells it,
/// `socket://HOST[:PORT]`, port 9100 by default) or a CUPS queue that passes bytes through raw.
public enum PrinterAddress: Equatable, Sendable, CustomStringConvertible {
    case none
    case device(path: String)
    case socket(host: String, port: Int)
    case cups(queue: String)

    public static let defaultPort = 9100

    /// Parses the configuration value; nil with the reason when it is not one of the forms.
    public static func parse(_ text: String) -> Result<PrinterAddress, AddressProblem> {
        if text == "none" { return .success(.none) }
        if text.hasPrefix("/") {
            guard !text.hasSuffix("/"), !text.contains("\0") else { return .failure(.badDevice) }
            return .success(.device(path: text))
        }
        if text.hasPrefix("socket://") {
            var rest = Substring(text.dropFirst("socket://".count))
            if rest.hasSuffix("/") { rest = rest.dropLast() }
            var host = rest
            var port = defaultPort
            // An IPv6 literal is written in brackets, as in a URL.
            if rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]") else { return .failure(.badSocket) }
                host = rest[rest.index(after: rest.startIndex)..<close]
                let after = rest[rest.index(after: close)...]
                if !after.isEmpty {
                    guard after.hasPrefix(":"), let number = Int(after.dropFirst()) else { return .failure(.badSocket) }
                    port = number
                }
            } else if let colon = rest.lastIndex(of: ":") {
                guard let number = Int(rest[rest.index(after: colon)...]) else { return .failure(.badSocket) }
                host = rest[..<colon]
                port = number
            }
            guard !host.isEmpty, (1...65535).contains(port),
                  host.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "/" }) else { return .failure(.badSocket) }
            return .success(.socket(host: String(host), port: port))
        }
        if text.hasPrefix("cups:") {
            let queue = text.dropFirst("cups:".count)
            // CUPS queue names: printable ASCII without space, slash or '#'.
            guard !queue.isEmpty, queue.count <= 127,
                  queue.allSatisfy({ $0.isASCII && $0 > " " && $0 != "/" && $0 != "#" && $0 != "\u{7F}" }) else {
                return .failure(.badQueue)
            }
            return .success(.cups(queue: String(queue)))
        }
        return .failure(.unknownForm)
    }

    public enum AddressProblem: Error, Equatable, Sendable, CustomStringConvertible {
        case unknownForm, badDevice, badSocket, badQueue

        public var description: String {
            switch self {
            case .unknownForm:
                localized("not a printer; use none, a device path such as /dev/usb/lp0 or /dev/ttyUSB0, socket://HOST[:PORT] or cups:QUEUE")
            case .badDevice: localized("not a device path; give the device file's absolute path, such as /dev/usb/lp0")
            case .badSocket: localized("not a network printer; write socket://HOST or socket://HOST:PORT (port 1 to 65535, 9100 if left out)")
            case .badQueue: localized("not a CUPS queue name; write cups:QUEUE with the name lpstat -p lists")
            }
        }
    }

    public var description: String {
        switch self {
        case .none: "none"
        case .device(let path): path
        case .socket(let host, let port): "socket://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        case .cups(let queue): "cups:\(queue)"
        }
    }
}
