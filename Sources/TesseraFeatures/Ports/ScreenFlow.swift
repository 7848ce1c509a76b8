/// A screen's behaviour as a value (`KioskFlow`, `DeskFlow`, `SignInFlow`, `BoardFlow`): its
/// whole state, and one pure `handle` that says what an event changes and what its model must
/// do about it (docs/architecture/screen-models.md). One protocol, so every flow is tested the
/// same way: an event in, then exactly its effects and the whole state after.
public protocol ScreenFlow: Equatable, Sendable {
    associatedtype Event: Sendable
    associatedtype Effect: Equatable, Sendable
    mutating func handle(_ event: Event) -> [Effect]
}
