import Testing
import TesseraFeatures

/// Every flow test's one step, as The Composable Architecture's TestStore takes it: sends
/// `event`; expects exactly `effects`, and the flow before changed by `change` only.
func send<Flow: ScreenFlow>(_ flow: inout Flow, _ event: Flow.Event, _ effects: [Flow.Effect], _ comment: Comment? = nil,
                            sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout Flow) -> Void = { _ in }) {
    var expected = flow
    change(&expected)
    #expect(flow.handle(event) == effects, comment, sourceLocation: sourceLocation)
    #expect(flow == expected, comment, sourceLocation: sourceLocation)
}
