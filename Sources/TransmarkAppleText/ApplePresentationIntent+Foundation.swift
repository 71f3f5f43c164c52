#if canImport(UIKit) || canImport(AppKit)
import Foundation
import TransmarkStyledRuns

extension ApplePresentationIntent {
    /// Foundation's `PresentationIntent`, built from the outermost component in
    /// (`PresentationIntent(kind, identity:, parent:)`); `nil` when there are no components.
    public var foundationIntent: PresentationIntent? {
        var intent: PresentationIntent?
        for component in components.reversed() {
            intent = PresentationIntent(component.kind.foundationKind, identity: component.identity, parent: intent)
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
