import Testing
import Transmark

/// `main-content`'s retry for a short article (class and id hints trusted less, as Readability
/// does): it finds the post its wrapper's words hid, but a share bar or a "like this" box, too
/// small to hide an article, stays out.
@Suite struct MainContentRetryTests {
    @Test func aShortPostKeepsItsShareBarOut() throws {
        let html = """
            <html><body><nav><a href='/'>Home</a> <a href='/archive'>Archive</a> <a href='/about'>About</a></nav>
            <div class="site has-sidebar"><div class="post"><h1>Film swap, April</h1><h3>Places</h3><p>Shuji: Japan.</p><p>Walter: Germany.</p>
            <h3>Film</h3><p>Fuji X-TRA 400.</p>
            <div class="sharedaddy sd-sharing-enabled"><h3 class="sd-title">Share this:</h3><ul><li><a href="/s?t">Twitter</a></li><li><a href="/s?f">Facebook</a></li></ul></div>
            <div class="sharedaddy sd-like"><h3 class="sd-title">Like this:</h3><p>Loading…</p></div></div></div>
            <footer>(c) 2016 Film swap</footer></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains("Walter: Germany."), "\(text)")
        #expect(text.contains("Fuji X-TRA 400."), "\(text)")
        #expect(!text.contains("Share this"), "\(text)")
        #expect(!text.contains("Like this"), "\(text)")
        #expect(!text.contains("(c) 2016"), "\(text)")
    }
}
