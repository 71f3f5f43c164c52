import Testing
@testable import TransmarkTransforms

/// The words `main-content` reads in class and id values.
@Suite struct ContentHintsTests {
    func hints(_ value: String) -> ContentHints {
        Array(value.utf8).withUnsafeBufferPointer { ContentHints.of($0) }
    }

    /// `hidden` takes from a block's weight, except in `label-hidden`: Drupal writes
    /// `field--label-hidden` on nearly every field, the article's body included, to say that
    /// the field's label is not shown.
    @Test func labelHiddenDescribesTheLabel() {
        #expect(hints("hidden").contains(.negative))
        #expect(hints("is-hidden modal").contains(.negative))
        #expect(hints("Teaser HIDDEN").contains(.negative))
        #expect(!hints("field field--name-body field--label-hidden field__item").contains(.negative))
        #expect(!hints("field--label-hidden").contains(.negative))
        // Only the label's: a hidden field whose label is shown is still hidden.
        #expect(hints("label-visible field-hidden").contains(.negative))
        #expect(hints("label hidden").contains(.negative))
        // Other words of the same value still count.
        #expect(hints("field--label-hidden sidebar").contains([.layout, .negative]))
    }

    /// A form to reply: `respond`, `commentform`, and `form` right after `comment` or `reply`
    /// (`comment-form`, `reply_form`, the two classes `comment form`); not `form` alone, nor a
    /// form named otherwise.
    @Test func replyForms() {
        #expect(hints("comment-respond").contains(.replyForm))
        #expect(hints("respond").contains(.replyForm))
        #expect(hints("commentform").contains(.replyForm))
        #expect(hints("comment-form js-form").contains(.replyForm))
        #expect(hints("reply_form").contains(.replyForm))
        #expect(!hints("form").contains(.replyForm))
        #expect(!hints("search-form").contains(.replyForm))
        #expect(hints("comment form").contains(.replyForm))
        #expect(!hints("comment formatted").contains(.replyForm))
        #expect(!hints("responder").contains(.replyForm))
    }

    /// A rating widget ("Was this article useful?", stars) is boilerplate, as trafilatura reads it.
    @Test func ratingsAreBoilerplate() {
        #expect(hints("post-ratings").contains(.unlikely))
        #expect(hints("rating_90871_2").contains(.unlikely))
        #expect(hints("star-rating").contains(.unlikely))
        #expect(!hints("operating-hours").contains(.unlikely))
    }
}
