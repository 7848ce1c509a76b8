// Placeholder: `tessera gallery` arrives with the style-layer issue.
func runGalleryCommand(_ arguments: [String]) -> Int32 {
    print("tessera gallery: not built yet")
    return 2
}
