/// The GDK key values the desk screens answer (gdk/gdkkeysyms.h).
enum DeskKeys {
    static let enter: UInt32 = 0xff0d
    static let keypadEnter: UInt32 = 0xff8d
    static let backspace: UInt32 = 0xff08
    static let escape: UInt32 = 0xff1b
    /// F1 … F12.
    static func function(_ number: UInt32) -> UInt32 { 0xffbe + number - 1 }

    /// 0–9 for the digit keys of the main block and the number pad, else nil.
    static func digit(_ keyval: UInt32) -> Int? {
        switch keyval {
        case 0x30...0x39: Int(keyval - 0x30)
        case 0xffb0...0xffb9: Int(keyval - 0xffb0)
        default: nil
        }
    }
}
