// Placeholder for the binding_overhead benchmark program.
print("bench-binding: not built yet")
