import Testing
import TransmarkStyledRuns

/// `InlineTraits` prints as trait names, not as `InlineTraits(rawValue: 512)`.
@Suite struct InlineTraitsDescriptionTests {
    @Test func namesTheTraits() {
        #expect(InlineTraits(rawValue: 512).description == "[.tableHeader]")
        #expect("\(InlineTraits([.strong, .code]))" == "[.strong, .code]")
        #expect(String(describing: InlineTraits()) == "[]")
    }

    @Test func unknownBitsAreHexadecimal() {
        #expect(InlineTraits(rawValue: 0x8004).description == "[.code, 0x8000]")
        #expect(InlineTraits(rawValue: 0xFC00).description == "[0xFC00]")
    }

    @Test func everyNamedTraitHasItsName() {
        for (trait, name) in InlineTraits.named {
            #expect(trait.description == "[.\(name)]")
        }
    }
}
