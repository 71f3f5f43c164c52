/// A transform that changes a document's URLs and at most its metadata (`resolve-links`,
/// `clean-urls`). A ``Conversion`` that applies several in a row asks each for its rewrite, in
/// order, and passes over the document once with the rewrites composed: the result is what
/// applying them one after the other gives.
package protocol URLRewritingTransform: Transform {
    /// `document` with its metadata changed as the transform changes it, and the rewrite of its
    /// URLs. `apply(to:options:)` is the rewrite applied to that document.
    func urlRewrite(for document: Document, options: Options) throws -> (document: Document, rewrite: URLRewrite)
}

extension URLRewritingTransform {
    /// The transform applied alone: its rewrite, in one pass.
    package func applyingURLRewrite(to document: Document, options: Options) throws -> Document {
        let (prepared, rewrite) = try urlRewrite(for: document, options: options)
        return prepared.rewritingURLs(rewrite)
    }
}
