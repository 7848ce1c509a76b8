// Placeholder: `tessera queue …` arrives with the queue-store issue.
func runQueueCommand(_ arguments: [String]) -> Int32 {
    print("tessera queue: not built yet")
    return 2
}
