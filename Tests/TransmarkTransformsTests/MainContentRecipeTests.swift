import Testing
import Transmark

/// `main-content` on a recipe: the instructions score as prose and are chosen; the ingredients,
/// a list beside them that does not, come with them when their element says so.
@Suite struct MainContentRecipeTests {
    static let steps = (1...5).map {
        "<p>Step \($0): warm the milk, melt the butter in it and stir until smooth, then let the dough rest for twenty minutes.</p>"
    }.joined()

    @Test func theIngredientsComeWithTheInstructions() throws {
        let html = """
            <html><body><nav><a href="/">Home</a> <a href="/recipes">Recipes</a></nav>
            <div class="recipe"><h1>Bee sting muffins</h1>
            <div class="recipe-ingredients"><h2>Ingredients</h2><ul><li>200 ml milk</li><li>50 g butter</li><li>1 packet of vanilla sugar</li><li>500 g flour</li></ul></div>
            <div class="recipe-box"><div class="recipe-instructions"><h2>Preparation</h2>\(Self.steps)</div></div>
            <div class="related"><a href="/r/1">Apple muffins</a> <a href="/r/2">Lemon cake</a></div></div>
            <footer>About us</footer></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains("Step 5: warm the milk"), "\(text)")
        #expect(text.contains("1 packet of vanilla sugar"), "\(text)")
        #expect(text.contains("500 g flour"), "\(text)")
        #expect(!text.contains("Apple muffins"), "\(text)")
        #expect(!text.contains("About us"), "\(text)")
    }
}
