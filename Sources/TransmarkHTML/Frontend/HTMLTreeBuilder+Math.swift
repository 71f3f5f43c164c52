import TransmarkCore

// Math in HTML (see `HTMLMathCapture`): the element holding it is read with its content
// suppressed, its text gathered, and one `inlineMath` or `displayMath` node written at its end.
extension HTMLTreeBuilder {
    /// Handles a start tag, beginning or following math where the tag says so.
    mutating func handleStartTagReadingMath(_ tag: HTMLStartTag, element: HTMLElement) {
        if mathCapture != nil {
            handleStartTag(tag, element: element)
            // An element opened inside: the MathML and the TeX annotation are noted.
            guard mathCapture != nil, let last = stack.last, last.key == key(of: element, name: tag.name) else { return }
            let index = Int32(stack.count - 1)
            guard index > mathCapture!.stackIndex else { return }
            if element == .math && mathCapture!.mathIndex < 0 { mathCapture!.mathIndex = index }
            if mathCapture!.annotationIndex < 0 && HTMLMathCapture.isTeXAnnotation(tag) { mathCapture!.annotationIndex = index }
            return
        }
        guard !tag.isSelfClosing, !isCollecting, let source = HTMLMathCapture.source(of: tag, element: element) else {
            handleStartTag(tag, element: element)
            return
        }
        // Suppressed from the start, so the element opens no node of its own.
        suppressDepth += 1
        mathCapture = HTMLMathCapture(source: source)
        let key = key(of: element, name: tag.name)
        handleStartTag(tag, element: element)
        if mathCapture != nil, let last = stack.last, last.key == key {
            let index = Int32(stack.count - 1)
            mathCapture!.stackIndex = index
            mathCapture!.suppressDepth = suppressDepth
            if element == .math { mathCapture!.mathIndex = index }
        } else {
            mathCapture = nil
            suppressDepth -= 1
        }
    }

    /// Called after each pop while math is read: ends it when its element was popped, writing the
    /// math node (unless the math is hidden or empty, or was a rendering).
    mutating func mathElementPopped() {
        let count = Int32(stack.count)
        guard let capture = mathCapture, capture.stackIndex >= 0 else { return }
        guard count <= capture.stackIndex else {
            mathCapture!.popped(toCount: count)
            return
        }
        mathCapture = nil
        suppressDepth -= 1
        guard case .math(let display) = capture.source, suppressDepth == 0 else { return }
        let source = capture.texSource
        guard !source.isEmpty else { return }
        prepareInlineContent()
        source.withUnsafeBufferPointer { _ = builder.leaf(display ? .displayMath : .inlineMath, bytes: $0) }
        spacing = .afterText
    }
}
