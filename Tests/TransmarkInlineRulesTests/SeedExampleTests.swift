import Testing
import Transmark

@Suite struct SeedExampleTests {
    @Test func placeholder() {}
}
