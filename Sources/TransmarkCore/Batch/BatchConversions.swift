/// The results of a batch conversion, in input order: an `AsyncSequence` (iterate with
/// `for await`), and a `Sequence` whose iteration blocks the calling thread while a result is
/// not ready (for synchronous callers such as command-line tools; do not block a thread of
/// Swift's cooperative pool with it).
///
/// Iterating starts the batch: one reader thread takes inputs from the sequence in order, up to
/// `maxConcurrency` worker threads convert them, and results come out in the inputs' order. At
/// most `maxPending` inputs are held at once (read and not yet delivered), so a stream of any
/// length is converted in bounded memory. Iterate once; dropping the iterator early stops the
/// batch (a conversion already running finishes on its worker, its result discarded).
public struct BatchConversions<Inputs: Sequence>: AsyncSequence, Sequence where Inputs.Element == BatchInput {
    /// Each element is the result of one input.
    public typealias Element = BatchResult
    /// Iterating never throws: a failed input is a failed result.
    public typealias Failure = Never

    private let inputs: UnsafeTransfer<Inputs>
    private let registry: Registry
    /// How many inputs are converted at the same time.
    public let maxConcurrency: Int
    /// How many inputs may be held at once: read and not yet delivered.
    public let maxPending: Int

    init(inputs: sending Inputs, registry: Registry, maxConcurrency: Int, maxPending: Int?) {
        self.inputs = UnsafeTransfer(inputs)
        self.registry = registry
        self.maxConcurrency = Swift.max(1, maxConcurrency)
        self.maxPending = Swift.max(self.maxConcurrency, maxPending ?? 4 * self.maxConcurrency)
    }

    /// Starts the batch and returns its results, one per `next()`, suspending while the next
    /// one is not ready.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pipeline: start())
    }

    /// Starts the batch and returns its results, one per `next()`, blocking while the next one is
    /// not ready.
    public func makeIterator() -> Iterator {
        Iterator(pipeline: start())
    }

    private func start() -> BatchPipeline {
        let queue = BatchWorkQueue(maxPending: maxPending)
        let registry = registry
        for _ in 0..<maxConcurrency {
            WorkerThread.start {
                while let job = queue.nextJob() {
                    queue.complete(registry.convertBatchItem(job.input, index: job.index))
                }
            }
        }
        // The reader owns the input sequence from here on: `convertAll` took it as `sending`.
        var iterator = inputs.value.makeIterator()
        let reader = UnsafeTransfer<() -> BatchInput?>({ iterator.next() })
        WorkerThread.start {
            while queue.waitForRoom(), let input = reader.value() { queue.submit(input) }
            queue.endInput()
        }
        return BatchPipeline(queue: queue)
    }

    /// The results of a batch as an async iterator.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let pipeline: BatchPipeline

        /// The next result in input order, or nil after the last one.
        public mutating func next() async -> BatchResult? {
            await pipeline.queue.nextResult()
        }
    }

    /// The results of a batch as a blocking iterator.
    public struct Iterator: IteratorProtocol {
        let pipeline: BatchPipeline

        /// The next result in input order (blocking until it is ready), or nil after the last one.
        public mutating func next() -> BatchResult? {
            pipeline.queue.nextResult()
        }
    }
}

/// Closes a batch's queue when its last iterator goes away, so that its threads end.
final class BatchPipeline: Sendable {
    let queue: BatchWorkQueue

    init(queue: BatchWorkQueue) { self.queue = queue }

    deinit { queue.close() }
}

/// A value handed from one thread to another that never touches it again (the caller gave it up
/// with `sending`).
struct UnsafeTransfer<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension Registry {
    /// Converts a sequence of documents on `maxConcurrency` threads, delivering the results in
    /// the inputs' order, in bounded memory: at most `maxPending` inputs (by default four per
    /// worker) are held at once, so a stream of millions of documents never piles up.
    ///
    /// Each input names its formats and options; one that fails (an unknown format, a limit
    /// exceeded, a record that did not decode) comes out as a failed ``BatchResult`` in its place
    /// and the batch goes on. The input sequence is read on a reader thread of the batch.
    ///
    /// ```swift
    /// let inputs = pages.map { BatchInput($0.html, from: "html", to: "markdown", label: $0.url) }
    /// for await result in Registry.standard.convertAll(inputs, maxConcurrency: 4) {
    ///     switch result.output {
    ///     case .success(let markdown): save(markdown, for: result.label)
    ///     case .failure(let error): print(result.label, error.code, error.message)
    ///     }
    /// }
    /// ```
    public func convertAll<Inputs: Sequence>(_ inputs: sending Inputs, maxConcurrency: Int,
                                             maxPending: Int? = nil) -> BatchConversions<Inputs>
        where Inputs.Element == BatchInput {
        BatchConversions(inputs: inputs, registry: self, maxConcurrency: maxConcurrency, maxPending: maxPending)
    }

    /// The result of one conversion of a batch: its output, or its error.
    private static func result(index: Int, label: String, inputByteCount: Int,
                               _ convert: () throws -> (output: [UInt8], metadata: DocumentMetadata)) -> BatchResult {
        do {
            let (output, metadata) = try convert()
            return BatchResult(index: index, label: label, output: .success(output), inputByteCount: inputByteCount, metadata: metadata)
        } catch {
            return BatchResult(index: index, label: label, output: .failure(BatchItemError(describing: error)), inputByteCount: inputByteCount)
        }
    }

    /// Converts one input of a batch (on a worker thread).
    func convertBatchItem(_ input: BatchInput, index: Int) -> BatchResult {
        var current = input
        var label = input.label
        while true {
            switch current.storage {
            case .deferred(let prepare):
                do {
                    current = try prepare()
                    if !current.label.isEmpty { label = current.label }
                } catch {
                    return BatchResult(index: index, label: label, output: .failure(BatchItemError(describing: error)), inputByteCount: 0)
                }
            case .failure(let failure):
                return BatchResult(index: index, label: label, output: .failure(failure), inputByteCount: 0)
            case .document(var content, let source, let target, let options):
                current = BatchInput(failure: BatchItemError(code: "", message: ""))
                let size = content.count
                return Self.result(index: index, label: label, inputByteCount: size) {
                    try conversion(from: source, to: target, options: options).convertWithMetadata(releasing: &content)
                }
            case .resolved(var content, let conversion):
                current = BatchInput(failure: BatchItemError(code: "", message: ""))
                let size = content.count
                return Self.result(index: index, label: label, inputByteCount: size) {
                    try conversion.convertWithMetadata(releasing: &content)
                }
            case .processed(var content, let process):
                current = BatchInput(failure: BatchItemError(code: "", message: ""))
                let size = content.count
                return Self.result(index: index, label: label, inputByteCount: size) {
                    (try process(&content), DocumentMetadata())
                }
            }
        }
    }
}
