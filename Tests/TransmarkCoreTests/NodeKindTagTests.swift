import Testing
@testable import TransmarkCore

/// The tag tables of `NodeKind`: each tag's payload-free kind, and which tags need a payload.
@Suite struct NodeKindTagTests {
    @Test func payloadFreeKindHasItsOwnTag() {
        for tag in NodeKind.Tag.allCases {
            if let kind = tag.payloadFreeKind {
                #expect(kind.tag == tag, "\(tag)")
            }
        }
    }

    @Test func everyTagHasAPayloadOrAPayloadFreeKind() {
        for tag in NodeKind.Tag.allCases {
            #expect((tag.payloadFreeKind == nil) == tag.hasPayload, "\(tag)")
        }
        // The tags with payloads, counted by hand from `NodeKind`'s cases with associated values.
        #expect(NodeKind.Tag.allCases.filter(\.hasPayload).count == 13)
        #expect(NodeKind.Tag.allCases.count == 36)
    }

    @Test func kindsWithoutPayloadRoundTripThroughDocuments() {
        var builder = DocumentBuilder()
        let inline: [NodeKind] = [.emphasis, .strong, .strikethrough, .underline, .superscript,
                                  .subscript, .highlight, .span]
        _ = builder.open(.paragraph)
        for kind in inline { _ = builder.open(kind); builder.text("x"); builder.close() }
        builder.close()
        _ = builder.leaf(.thematicBreak)
        let document = builder.finish()
        var kinds: [NodeKind] = []
        for case .enter(let node) in document.events() where node.kind != .text { kinds.append(node.kind) }
        #expect(kinds == [.document, .paragraph] + inline + [.thematicBreak])
    }
}
