import TransmarkCore

/// The character encodings the HTML input decoder understands: every encoding of the WHATWG
/// Encoding Standard (see `InputEncoding`, whose labels `init(label:)` reads).
public typealias HTMLInputEncoding = InputEncoding
