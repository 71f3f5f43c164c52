/// One document of a batch conversion (see ``Registry/convertAll(_:maxConcurrency:maxPending:)``): its bytes,
/// the formats to convert between and the options, or a description computed later, on the worker
/// that converts it (decoding a record, reading a file), or a failure already known.
public struct BatchInput: Sendable {
    enum Storage: Sendable {
        case document(content: [UInt8], from: String, to: String, options: ConversionOptions)
        case resolved(content: [UInt8], conversion: Conversion)
        case processed(content: [UInt8], process: @Sendable (inout [UInt8]) throws -> [UInt8])
        case deferred(@Sendable () throws -> BatchInput)
        case failure(BatchItemError)
    }

    /// A name for this input, echoed in its result: a path, a record id, anything the caller
    /// needs to tell results apart besides their index.
    public var label: String
    let storage: Storage

    /// A document given as bytes, to convert from one format to another.
    public init(_ content: [UInt8], from source: String, to target: String,
                options: ConversionOptions = ConversionOptions(), label: String = "") {
        self.label = label
        storage = .document(content: content, from: source, to: target, options: options)
    }

    /// A document given as bytes, to convert with a conversion resolved once for many inputs
    /// (see ``Registry/conversion(from:to:options:)``): no format is looked up and no option is
    /// read again for it.
    public init(_ content: [UInt8], conversion: Conversion, label: String = "") {
        self.label = label
        storage = .resolved(content: content, conversion: conversion)
    }

    /// A document given as bytes, turned into its output by `process` on a worker thread: for
    /// work beyond one conversion (splitting into chunks, adding statistics). `process` may empty
    /// the bytes it is handed to free them early; what it throws becomes the item's failure.
    public init(_ content: [UInt8], label: String = "", processing process: @escaping @Sendable (inout [UInt8]) throws -> [UInt8]) {
        self.label = label
        storage = .processed(content: content, process: process)
    }

    /// A document given as a string.
    public init(_ content: String, from source: String, to target: String,
                options: ConversionOptions = ConversionOptions(), label: String = "") {
        self.init(Array(content.utf8), from: source, to: target, options: options, label: label)
    }

    /// An input described by `prepare`, which runs on the worker thread that converts it, so
    /// that reading a file or decoding a record is spread over the workers too. An error thrown
    /// by `prepare` becomes the item's failure; the prepared input's label replaces `label` when
    /// it is not empty.
    public init(label: String = "", preparing prepare: @escaping @Sendable () throws -> BatchInput) {
        self.label = label
        storage = .deferred(prepare)
    }

    /// An input already known to be bad (a record that does not parse, a file that cannot be
    /// read): it takes its place in the batch and comes out, in order, as this failure.
    public init(failure: BatchItemError, label: String = "") {
        self.label = label
        storage = .failure(failure)
    }
}
