import TransmarkCore

/// Gathers the footnote definitions of a chunked parse and places them at the end of the
/// document, numbered in the order one parse of the whole document numbers them.
///
/// libcmark-gfm moves the definitions a chunk uses to the end of that chunk's tree. The converter
/// builds each definition into a side document (`beginDefinition` / `endDefinition` swap the
/// builders), and notes in document order every reference and every place a definition was
/// written (`TRANSMARK_FOOTNOTE_POSITION` markers). `appendDefinitions` then numbers the way
/// libcmark-gfm does — references in document order, those inside a definition counted where
/// the definition is written — and copies the referenced definitions, in that order, to the end
/// of the main document.
struct FootnoteCollector {
    private enum Item {
        case reference(String)
        case definition(String)
    }

    /// `TRANSMARK_OVERRIDDEN_FOOTNOTE_PREFIX`.
    static let overriddenPrefix = "\u{1}transmark-overridden-"

    private var definitions = DocumentBuilder()
    /// The definition node of each label in `definitions`; the first definition of a label wins.
    private var definitionNodes: [String: NodeID] = [:]
    /// References and definition positions of the main text, in document order.
    private var mainItems: [Item] = []
    /// References and definition positions inside each definition, in order.
    private var nestedItems: [String: [Item]] = [:]
    /// The label of the definition being built, while `builder` is swapped out.
    private var currentLabel: String?

    private mutating func note(_ item: Item) {
        if let currentLabel {
            nestedItems[currentLabel, default: []].append(item)
        } else {
            mainItems.append(item)
        }
    }

    /// Notes a reference (in the main text or inside the definition being built).
    mutating func noteReference(_ label: String) { note(.reference(label)) }

    /// Notes where a definition was written.
    mutating func noteDefinitionPosition(_ label: String) { note(.definition(label)) }

    /// Starts a definition: `builder` becomes the side document until `endDefinition`.
    mutating func beginDefinition(label: String, swappingWith builder: inout DocumentBuilder) {
        swap(&definitions, &builder)
        let node = builder.open(.footnoteDefinition(label: label))
        // An overridden definition (renamed by the chunked parse) only lends its references.
        if definitionNodes[label] == nil && !label.hasPrefix(Self.overriddenPrefix) { definitionNodes[label] = node }
        currentLabel = label
    }

    /// Ends the definition begun last and gives `builder` back.
    mutating func endDefinition(swappingWith builder: inout DocumentBuilder) {
        guard currentLabel != nil else { return }
        builder.close()
        swap(&definitions, &builder)
        currentLabel = nil
    }

    /// Copies the referenced definitions to the end of `builder`'s document.
    mutating func appendDefinitions(to builder: inout DocumentBuilder) {
        guard !definitionNodes.isEmpty else { return }
        var order: [String] = []
        var numbered: Set<String> = []
        var expanded: Set<String> = []
        // Depth-first over the item lists, with an explicit stack (definitions inside definitions).
        var stack: [(items: [Item], next: Int)] = [(mainItems, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].items.count else {
                stack.removeLast()
                continue
            }
            let item = stack[top].items[stack[top].next]
            stack[top].next += 1
            switch item {
            case .reference(let label):
                if definitionNodes[label] != nil && numbered.insert(label).inserted { order.append(label) }
            case .definition(let label):
                if let items = nestedItems[label], expanded.insert(label).inserted { stack.append((items, 0)) }
            }
        }
        let side = definitions.finish()
        for label in order {
            if let node = definitionNodes[label] { builder.appendCopy(of: node, in: side) }
        }
    }
}
