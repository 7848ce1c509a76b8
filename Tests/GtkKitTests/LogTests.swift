import CGtk
import XCTest
@testable import GtkKit

/// Fields seen by the test writer, keyed by field name; main thread only.
@MainActor private var capturedRecords: [[String: String]] = []

/// A `GLogWriterFunc` that records Tessera's test-domain messages and passes everything
/// on to GLib's default writer.
private let recordingWriter: GLogWriterFunc = { level, fields, count, data in
    guard let fields else { return G_LOG_WRITER_UNHANDLED }
    var record: [String: String] = [:]
    for index in 0..<Int(count) {
        let field = fields[index]
        guard let key = field.key, let value = field.value, field.length == -1 else { continue }
        record[String(cString: key)] = String(cString: value.assumingMemoryBound(to: CChar.self))
    }
    if record["GLIB_DOMAIN"] == "GtkKitLogTest" {
        let snapshot = record
        MainActor.assumeIsolated { capturedRecords.append(snapshot) }
        return G_LOG_WRITER_HANDLED
    }
    return g_log_writer_default(level, fields, count, data)
}

final class LogTests: XCTestCase {
    /// `g_log_set_writer_func` may be called once per process.
    private nonisolated(unsafe) static var writerInstalled = false

    func testMessagesGoThroughStructuredLogging() {
        MainActor.assumeIsolated {
            if !LogTests.writerInstalled {
                g_log_set_writer_func(recordingWriter, nil, nil)
                LogTests.writerInstalled = true
            }
            capturedRecords = []
            Log(domain: "GtkKitLogTest").info("ticket C012 issued")
            Log(domain: "GtkKitLogTest").error("printer offline")
            XCTAssertEqual(capturedRecords.count, 2)
            XCTAssertEqual(capturedRecords.first?["MESSAGE"], "ticket C012 issued")
            XCTAssertEqual(capturedRecords.first?["CODE_FUNC"], "testMessagesGoThroughStructuredLogging()")
            XCTAssertEqual(capturedRecords.last?["MESSAGE"], "printer offline")
            XCTAssertNotNil(capturedRecords.last?["CODE_LINE"])
        }
    }
}
