#if canImport(UIKit) || canImport(AppKit)
import Foundation
import TransmarkStyledRuns

extension ApplePresentationIntent {
    /// Foundation's `PresentationIntent`, built from the outermost component in
    /// (`PresentationIntent(kind, identity:, parent:)`); `nil` when there are no components.
    public var foundationIntent: PresentationIntent? {
        var cache: [Int: PresentationIntent] = [:]
        return foundationIntent(cache: &cache)
    }

    /// Foundation's `PresentationIntent`, reusing the intents of blocks already built (`cache`,
    /// by identity, which names one block and so one chain of parents) and adding the new ones:
    /// the runs of a text get their intents in time linear in the text, however deep it nests.
    public func foundationIntent(cache: inout [Int: PresentationIntent]) -> PresentationIntent? {
        var built = count
        var intent: PresentationIntent?
        for position in 0..<count {
            if let known = cache[component(at: position).identity] {
                built = position
                intent = known
                break
            }
        }
        for position in stride(from: built - 1, through: 0, by: -1) {
            let block = component(at: position)
            let made = PresentationIntent(block.kind.foundationKind, identity: block.identity, parent: intent)
            cache[block.identity] = made
            intent = made
        }
        return intent
    }
}

extension ApplePresentationIntent.Kind {
    /// The `PresentationIntent.Kind` of the same name.
    public var foundationKind: PresentationIntent.Kind {
        switch self {
        case .paragraph: .paragraph
        case .header(let level): .header(level: level)
        case .orderedList: .orderedList
        case .unorderedList: .unorderedList
        case .listItem(let ordinal): .listItem(ordinal: ordinal)
        case .codeBlock(let languageHint): .codeBlock(languageHint: languageHint)
        case .blockQuote: .blockQuote
        case .thematicBreak: .thematicBreak
        case .table(let columns): .table(columns: columns.map { PresentationIntent.TableColumn(alignment: $0.foundationAlignment) })
        case .tableHeaderRow: .tableHeaderRow
        case .tableRow(let rowIndex): .tableRow(rowIndex: rowIndex)
        case .tableCell(let columnIndex): .tableCell(columnIndex: columnIndex)
        }
    }
}

extension ApplePresentationIntent.TableColumnAlignment {
    /// The `PresentationIntent.TableColumn.Alignment` of the same name.
    public var foundationAlignment: PresentationIntent.TableColumn.Alignment {
        switch self {
        case .left: .left
        case .center: .center
        case .right: .right
        }
    }
}

extension AppleInlinePresentationIntent {
    /// Foundation's `InlinePresentationIntent` with the same bits.
    public var foundationIntent: InlinePresentationIntent {
        InlinePresentationIntent(rawValue: rawValue)
    }
}
#endif
