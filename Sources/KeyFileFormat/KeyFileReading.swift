import Glibc

/// Why a key file could not be read at all; the message says what the path is and why it
/// cannot be a settings file.
public enum KeyFileReadError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing
    /// A directory, FIFO, device or socket: reading it would hang or make no sense.
    case notRegularFile(kind: String)
    case tooLarge(bytes: Int)
    case notText
    case unreadable(reason: String)

    public var description: String {
        switch self {
        case .missing: "no such file"
        case .notRegularFile(let kind): "it is \(kind), not a regular file"
        case .tooLarge(let bytes): "it is \(bytes) bytes; a settings file is at most \(KeyFile.maximumSize) bytes"
        case .notText: "it is not UTF-8 text"
        case .unreadable(let reason): reason
        }
    }
}

extension KeyFile {
    /// Settings files are small; anything bigger is the wrong file.
    public static let maximumSize = 1 << 20

    /// The text of the key file at `path`. Only regular files are read (a FIFO or
    /// `/dev/zero` would never end), at most `maximumSize` bytes.
    public static func contents(ofFile path: String) throws(KeyFileReadError) -> String {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .missing }
            throw .unreadable(reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notRegularFile(kind: "a directory")
        case S_IFIFO: throw .notRegularFile(kind: "a FIFO (named pipe)")
        case S_IFCHR, S_IFBLK: throw .notRegularFile(kind: "a device")
        case S_IFSOCK: throw .notRegularFile(kind: "a socket")
        default: throw .notRegularFile(kind: "a special file")
        }
        guard Int(info.st_size) <= maximumSize else { throw .tooLarge(bytes: Int(info.st_size)) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            guard count > 0 else {
                if errno == EINTR { continue }
                throw .unreadable(reason: String(cString: strerror(errno)))
            }
            bytes += chunk[0..<count]
            guard bytes.count <= maximumSize else { throw .tooLarge(bytes: bytes.count) }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText }
        return text
    }
}

/// Where in a key file something is, written as compilers write it, so an installer can jump
/// to it: `tessera.conf:14: [service:C] colour: …`.
public struct KeyFileLocation: Sendable, Equatable {
    public var file: String
    /// 1-based; nil when the problem is the whole file.
    public var line: Int?
    public var group: String?
    public var key: String?

    public init(file: String, line: Int? = nil, group: String? = nil, key: String? = nil) {
        self.file = file
        self.line = line
        self.group = group
        self.key = key
    }

    /// `FILE:LINE: [group] key: message`.
    public func describe(_ message: String) -> String {
        var location = file
        if let line { location += ":\(line)" }
        var subject = ""
        if let group { subject += "[\(group)]" }
        if let key { subject += (subject.isEmpty ? "" : " ") + key }
        return location + ": " + (subject.isEmpty ? "" : subject + ": ") + message
    }
}
