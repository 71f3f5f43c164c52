import Foundation
import TransmarkCore

extension StyledText {
    /// The `styled-json` bytes of this styled text (see `StyledJSONWriter`).
    public var jsonBytes: [UInt8] { StyledJSONWriter.bytes(of: self) }

    /// The `styled-json` text of this styled text.
    public var json: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// Reads `styled-json` back into an equal `StyledText`. Throws on malformed JSON, an unknown
    /// version, or ranges that do not cover the text (see `validate()`).
    public init(json bytes: [UInt8]) throws {
        self = try JSONDecoder().decode(StyledText.self, from: Data(bytes))
    }

    /// Reads `styled-json` text.
    public init(json text: String) throws {
        try self.init(json: Array(text.utf8))
    }
}
