print("bench-store: not built yet")
