import Foundation
import TransmarkCore

/// `TransmarkError` as a `LocalizedError`, so `error.localizedDescription` is the one-line
/// message the command line prints (`unknown format 'htm'; …`) rather than Foundation's generic
/// "The operation could not be completed".
///
/// The conformance lives in the umbrella module because `TransmarkCore` does not import
/// Foundation; importing `Transmark` (or any module that imports it, such as `TransmarkCLI`)
/// brings it in. Code that imports only `TransmarkCore` reads the same message from
/// `description`.
extension TransmarkError: LocalizedError {
    /// The error's one-line message: the same text as `description`, which the command line
    /// prints after `transmark: error: `.
    public var errorDescription: String? { description }
}
