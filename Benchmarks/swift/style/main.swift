print("bench-style: not built yet")
