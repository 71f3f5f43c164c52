import Testing
import TransmarkCore
@testable import TransmarkHTML

/// A video's, audio's or object's plain text fallback ("Download the video") labels its link, or
/// its poster image, when the element gives itself no title; richer fallback stays as it is.
@Suite struct MediaFallbackLabelTests {
    /// The link's destination, its text, and the whole document's text.
    func media(_ html: String) throws -> (destination: String, label: String, text: String) {
        let document = try HTMLFrontendInputs.parse(html)
        for case .enter(let node) in document.events() {
            if case .link(let destination, _) = node.kind {
                return (destination, node.plainText, document.root.plainText)
            }
        }
        Issue.record("no link in \(html)")
        return ("", "", document.root.plainText)
    }

    /// The source of the first image and its alternative text.
    func poster(_ html: String) throws -> (source: String, alt: String)? {
        for case .enter(let node) in try HTMLFrontendInputs.parse(html).events() {
            if case .image(let source, _, _) = node.kind { return (source, node.plainText) }
        }
        return nil
    }

    @Test func plainTextFallbackBecomesTheLabel() throws {
        let video = try media(#"<p>See <video src="v.mp4">Download   the video</video> here.</p>"#)
        #expect(video.destination == "v.mp4")
        #expect(video.label == "Download the video")
        #expect(video.text == "See Download the video here.")
        #expect(try media(#"<audio src="s.mp3">  A song  </audio>"#).label == "A song")
        #expect(try media(#"<object data="f.pdf" type="application/pdf">The paper</object>"#).label == "The paper")
    }

    @Test func aSourceElementsLinkTakesTheFallbackToo() throws {
        let video = try media(#"<video controls><source src="a.webm"><source src="a.mp4">Your browser cannot play it.</video>"#)
        #expect(video.destination == "a.webm")
        #expect(video.label == "Your browser cannot play it.")
    }

    @Test func withAPosterTheFallbackIsItsAlternativeText() throws {
        let html = #"<video src="v.mp4" poster="p.jpg">A cat on a mat</video>"#
        #expect(try poster(html)?.source == "p.jpg")
        #expect(try poster(html)?.alt == "A cat on a mat")
        #expect(try media(html).text == "A cat on a mat")
    }

    @Test func aTitleStaysTheLabel() throws {
        let video = try media(#"<video src="v.mp4" title="The clip">Fallback</video>"#)
        #expect(video.label == "The clip")
        #expect(video.text == "The clip Fallback")
        #expect(try poster(#"<video src="v.mp4" poster="p.jpg" aria-label="Clip">Fallback</video>"#)?.alt == "Clip")
    }

    @Test func richFallbackStaysWhereItIs() throws {
        // A link, a styled run, a block: the URL stays the label, no text is lost.
        let linked = try media(#"<video src="v.mp4">Get <a href="v.mp4">the file</a>.</video>"#)
        #expect(linked.label == "v.mp4")
        #expect(linked.text == "v.mp4 Get the file.")
        let styled = try media(#"<video src="v.mp4">Get <b>it</b></video>"#)
        #expect(styled.label == "v.mp4")
        #expect(styled.text.hasSuffix("Get it"))
        let block = try media(#"<div><video src="v.mp4"><p>A paragraph</p></video></div>"#)
        #expect(block.label == "v.mp4")
        #expect(block.text.contains("A paragraph"))
    }

    @Test func blankOrNoFallbackKeepsTheURL() throws {
        #expect(try media(#"<video src="v.mp4">   </video> after"#).label == "v.mp4")
        #expect(try media(#"<video src="v.mp4"></video>"#).label == "v.mp4")
        #expect(try poster(#"<video src="v.mp4" poster="p.jpg"></video>"#)?.alt == "")
    }

    @Test func anUnclosedMediaElementTakesTheTextToTheEnd() throws {
        #expect(try media(#"<video src="v.mp4">fallback"#).label == "fallback")
    }

    @Test func textAfterTheElementIsNotTaken() throws {
        let video = try media(#"<p><video src="v.mp4"></video>after</p>"#)
        #expect(video.label == "v.mp4")
        #expect(video.text.hasSuffix("after"))
    }
}
