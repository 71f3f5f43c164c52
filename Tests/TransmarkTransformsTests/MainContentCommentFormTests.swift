import Testing
import Transmark

/// `main-content` on a short post, which takes a retry with the hints relaxed: the reply form
/// after it stays out, as it does for a long one; a live commentary whose own container is
/// named for comments is still the content.
@Suite struct MainContentCommentFormTests {
    static let navigation = "<nav><a href='/'>Home</a> <a href='/archive'>Archive</a> <a href='/about'>About</a></nav>"

    @Test func aShortPostLeavesItsReplyFormOut() throws {
        let html = """
            <html><body>\(Self.navigation)<div class="site"><div class="post"><h1>Doing nothing is an option too</h1>
            <p>“I know I am drunk and maybe should not say this…”</p><p>– “Then don't.”</p><p>– “Ok.”</p></div>
            <div id="respond" class="comment-respond"><h3 id="reply-title" class="comment-reply-title">Leave a comment</h3>
            <p class="comment-notes">Your email address will not be published. Required fields are marked.</p>
            <p>Enter your comment here, or fill in your details below or click an icon to log in.</p>
            <p>You are commenting using your WordPress.com account. You are commenting using your Twitter account.</p>
            <p>You are commenting using your Facebook account. Cancel. Connecting to your account.</p>
            <p>Notify me of follow-up comments by email. Notify me of new posts by email.</p></div></div></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains("Then don't."), "\(text)")
        #expect(!text.contains("Leave a comment"), "\(text)")
        #expect(!text.contains("Notify me of follow-up comments"), "\(text)")
    }

    /// The comments under a short post (its retry keeps what the hints would leave out) stay
    /// out too: the article is not in them.
    @Test func aShortPostLeavesItsCommentsOut() throws {
        let html = """
            <html><body>\(Self.navigation)<div class="site"><div class="post"><h1>A new song</h1>
            <p>Here is the new song we recorded last week, with the whole band.</p><p>Tell us what you think!</p>
            <div class="comments"><h3>3 comments</h3><ol class="commentlist"><li class="pingback">Pingback from A blog about songs: the week's best new songs, from all over the country</li>
            <li class="comment">Great song, I have been listening to it all morning and I cannot stop humming the chorus.</li>
            <li class="comment">The guitar in the middle part is wonderful, who played it? I would love to hear more of that.</li></ol>
            <p class="nocomments">Comments are closed.</p></div></div></div></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains("Tell us what you think!"), "\(text)")
        #expect(!text.contains("Great song"), "\(text)")
        #expect(!text.contains("Comments are closed"), "\(text)")
        // Asked for, they are kept.
        let document = try Registry.standard.parse(Array(html.utf8), from: "html")
        var options = MainContentTransform.Options()
        options.comments = true
        let kept = try MainContentTransform().apply(to: document, options: options)
        let withComments = String(decoding: try Registry.standard.render(kept, to: "text", options: [("mode", "flat")]), as: UTF8.self)
        #expect(withComments.contains("Great song"), "\(withComments)")
    }

    @Test func aLiveCommentaryNamedCommentsStays() throws {
        let minutes = (1...8).map { n in
            "<div class='live-match-comment'><div class='live-match-comment-time'>\(n * 10)'</div><div class='live-match-comment-body'>Minute \(n * 10): the corner kick comes to nothing.</div></div>"
        }.joined()
        let html = """
            <html><body>\(Self.navigation)<div class="match"><h1>Lorient against Lyon, live</h1>
            <div class="live-match-comments">\(minutes)</div></div><footer>All sports</footer></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains("Minute 10: the corner kick"), "\(text)")
        #expect(text.contains("Minute 80: the corner kick"), "\(text)")
    }
}
