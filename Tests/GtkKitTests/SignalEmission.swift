import CGtk
import XCTest
@testable import GtkKit

/// One argument of a signal emitted through `g_signal_emitv`, with its GType.
enum SignalArgument {
    case uint(UInt32)
    case int(Int32)
    case double(Double)
    /// A value of a flags type such as `GdkModifierType`.
    case flags(UInt32, GType)

    fileprivate func store(in value: inout GValue) {
        switch self {
        case .uint(let number):
            g_value_init(&value, g_type_from_name("guint"))
            g_value_set_uint(&value, number)
        case .int(let number):
            g_value_init(&value, tessera_type_int())
            g_value_set_int(&value, number)
        case .double(let number):
            g_value_init(&value, g_type_from_name("gdouble"))
            g_value_set_double(&value, number)
        case .flags(let bits, let type):
            g_value_init(&value, type)
            g_value_set_flags(&value, bits)
        }
    }
}

/// Emits `signal` on `instance` through `g_signal_emitv`, the way GTK does: GLib's
/// marshaller calls the handlers, and for a signal that returns a boolean its accumulator
/// stops at the first handler returning true. Returns the emission's boolean result
/// (false for a signal without one).
@MainActor @discardableResult
func emitThroughGLib(_ signal: String, on instance: UnsafeMutablePointer<GObject>, _ arguments: [SignalArgument] = [],
                     returnsBoolean: Bool = false) -> Bool {
    let type = instance.pointee.g_type_instance.g_class.pointee.g_type
    let signalID = g_signal_lookup(signal, type)
    precondition(signalID != 0, "no signal \(signal)")
    var values = [GValue](repeating: GValue(), count: arguments.count + 1)
    var result = GValue()
    if returnsBoolean { g_value_init(&result, tessera_type_boolean()) }
    defer { if returnsBoolean { g_value_unset(&result) } }
    values.withUnsafeMutableBufferPointer { buffer in
        g_value_init(&buffer[0], type)
        g_value_set_object(&buffer[0], instance)
        for (index, argument) in arguments.enumerated() { argument.store(in: &buffer[index + 1]) }
        if returnsBoolean {
            g_signal_emitv(buffer.baseAddress, signalID, 0, &result)
        } else {
            g_signal_emitv(buffer.baseAddress, signalID, 0, nil)
        }
        for index in buffer.indices { g_value_unset(&buffer[index]) }
    }
    return returnsBoolean && g_value_get_boolean(&result) != 0
}
