@_spi(TransmarkStorage) import TransmarkCore

/// The tokenizer's per-token buffers: Core's ``GrowableBuffer`` (a capacity check and a copy per
/// append, inlined here), freed by ``HTMLTokenizerScratch``'s `deinit`.
struct HTMLTokenizerBuffers {
    /// The name of the tag being built, ASCII-lowercased.
    var tagName = GrowableBuffer<UInt8>(capacity: 32)
    /// Name of the last start tag emitted (or set by the caller), lowercase bytes.
    var lastStartTag = GrowableBuffer<UInt8>(capacity: 32)
    /// The attributes of the tag being built, in source order without duplicates: ranges of `attributeBytes`.
    var rawAttributes = GrowableBuffer<AttributeSpan>(capacity: 16)
    /// The names and values of `rawAttributes`, each name followed by its value.
    var attributeBytes = GrowableBuffer<UInt8>(capacity: 256)
    /// The comment (or bogus comment) being built.
    var commentData = GrowableBuffer<UInt8>(capacity: 64)
    /// Decoded text (character references, U+FFFD) of the queued text tokens.
    var decodedText = GrowableBuffer<UInt8>(capacity: 64)

    /// A copy with its own memory.
    func copy() -> HTMLTokenizerBuffers {
        HTMLTokenizerBuffers(tagName: tagName.copy(), lastStartTag: lastStartTag.copy(),
                             rawAttributes: rawAttributes.copy(), attributeBytes: attributeBytes.copy(),
                             commentData: commentData.copy(), decodedText: decodedText.copy())
    }

    func deallocate() {
        tagName.deallocate()
        lastStartTag.deallocate()
        rawAttributes.deallocate()
        attributeBytes.deallocate()
        commentData.deallocate()
        decodedText.deallocate()
    }
}

/// Owns the tokenizer's ``HTMLTokenizerBuffers``: one object, so that one uniqueness check per
/// step keeps a copied tokenizer's value semantics (a copy that steps gets its own buffers). The
/// tokenizer reaches the buffers through ``buffers``, a pointer: a class's stored `var`s would
/// cost a dynamic exclusivity check on every access.
final class HTMLTokenizerScratch: @unchecked Sendable {
    let buffers: UnsafeMutablePointer<HTMLTokenizerBuffers>

    init(_ contents: HTMLTokenizerBuffers = HTMLTokenizerBuffers()) {
        buffers = .allocate(capacity: 1)
        buffers.initialize(to: contents)
    }

    /// A copy with its own memory.
    func copy() -> HTMLTokenizerScratch { HTMLTokenizerScratch(buffers.pointee.copy()) }

    deinit {
        buffers.pointee.deallocate()
        buffers.deinitialize(count: 1)
        buffers.deallocate()
    }
}
