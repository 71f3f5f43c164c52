/// Why one input of a batch could not be converted: a stable machine-readable `code` (what a
/// JSON-lines error record carries), a one-line message, and the `TransmarkError` behind it when
/// Transmark raised one.
public struct BatchItemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, lowercase, hyphenated code: a ``TransmarkError/code`` (`unknown-format`, `io`,
    /// `input-too-large`, …), a code given by whoever made the input (`malformed-json`,
    /// `directory-loop`, …), or `conversion-failed` for an error of another type.
    public let code: String
    /// A one-line message fit for a user.
    public let message: String
    /// The typed error, when the failure is one of Transmark's.
    public let error: TransmarkError?

    /// A failure with its own code and message.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
        error = nil
    }

    /// A failure from a Transmark error (its code and description).
    public init(_ error: TransmarkError) {
        code = error.code
        message = error.description
        self.error = error
    }

    /// A failure from any error: a `BatchItemError` as it is, a `TransmarkError` typed, any other
    /// error as `conversion-failed` with its description.
    public init(describing error: any Error) {
        if let item = error as? BatchItemError {
            self = item
        } else if let typed = error as? TransmarkError {
            self.init(typed)
        } else {
            self.init(code: "conversion-failed", message: String(describing: error))
        }
    }

    /// The message.
    public var description: String { message }
}
