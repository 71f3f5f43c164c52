/// The shared state of one batch: inputs waiting for a worker, results waiting for the consumer,
/// and the bound on how many inputs may be read ahead of the result being delivered.
///
/// One reader thread submits inputs in order, waiting before it takes one while `maxPending` inputs are read but
/// not yet delivered; worker threads take inputs and complete results in any order; the consumer
/// takes results strictly in input order, blocking (or suspending) until the next one is done.
final class BatchWorkQueue: @unchecked Sendable {
    private let mutex = PThreadMutex()
    private let jobAvailable = PThreadCondition()
    private let roomAvailable = PThreadCondition()
    private let resultAvailable = PThreadCondition()

    private var jobs: [(index: Int, input: BatchInput)] = []
    private var jobsHead = 0
    private var results: [Int: BatchResult] = [:]
    private var submitted = 0
    private var delivered = 0
    private var inputEnded = false
    private var closed = false
    /// A consumer suspended in `nextResult() async`.
    private var waiter: UnsafeContinuation<BatchResult?, Never>?

    /// How many inputs may be read and not yet delivered.
    let maxPending: Int

    init(maxPending: Int) {
        self.maxPending = max(1, maxPending)
    }

    // MARK: Reader

    /// Waits until the batch has room for one more input (fewer than `maxPending` read and not
    /// yet delivered), so that the reader takes an input only once it can be queued. Returns
    /// false once the batch is closed (the consumer gave up).
    func waitForRoom() -> Bool {
        mutex.lock()
        defer { mutex.unlock() }
        while !closed && submitted - delivered >= maxPending { roomAvailable.wait(mutex) }
        return !closed
    }

    /// Queues the next input (after `waitForRoom`).
    func submit(_ input: BatchInput) {
        mutex.lock()
        defer { mutex.unlock() }
        if closed { return }
        jobs.append((submitted, input))
        submitted += 1
        jobAvailable.signal()
    }

    /// Records that there are no more inputs.
    func endInput() {
        mutex.lock()
        inputEnded = true
        var finished: UnsafeContinuation<BatchResult?, Never>?
        if delivered == submitted, let w = waiter {
            waiter = nil
            finished = w
        }
        jobAvailable.broadcast()
        resultAvailable.broadcast()
        mutex.unlock()
        finished?.resume(returning: nil)
    }

    // MARK: Workers

    /// The next input to convert, or nil when there is none left (or the batch is closed).
    func nextJob() -> (index: Int, input: BatchInput)? {
        mutex.lock()
        defer { mutex.unlock() }
        while !closed && jobsHead == jobs.count && !inputEnded { jobAvailable.wait(mutex) }
        if closed || jobsHead == jobs.count { return nil }
        let job = jobs[jobsHead]
        jobsHead += 1
        if jobsHead >= 64 && jobsHead * 2 >= jobs.count {
            jobs.removeFirst(jobsHead)
            jobsHead = 0
        }
        return job
    }

    /// Hands in a finished result.
    func complete(_ result: BatchResult) {
        mutex.lock()
        if result.index == delivered, let w = waiter {
            waiter = nil
            delivered += 1
            roomAvailable.signal()
            mutex.unlock()
            w.resume(returning: result)
            return
        }
        results[result.index] = result
        if result.index == delivered { resultAvailable.signal() }
        mutex.unlock()
    }

    // MARK: Consumer

    /// Takes the next result in input order, or nil after the last one; blocks until it is done.
    func nextResult() -> BatchResult? {
        mutex.lock()
        defer { mutex.unlock() }
        while true {
            if let result = takeDeliverable() { return result }
            if inputEnded && delivered == submitted { return nil }
            resultAvailable.wait(mutex)
        }
    }

    /// Takes the next result in input order, or nil after the last one; suspends until it is done.
    func nextResult() async -> BatchResult? {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<BatchResult?, Never>) in
            mutex.lock()
            if let result = takeDeliverable() {
                mutex.unlock()
                continuation.resume(returning: result)
            } else if inputEnded && delivered == submitted {
                mutex.unlock()
                continuation.resume(returning: nil)
            } else {
                waiter = continuation
                mutex.unlock()
            }
        }
    }

    /// The result at the delivery position, taken (the mutex is held).
    private func takeDeliverable() -> BatchResult? {
        guard let result = results.removeValue(forKey: delivered) else { return nil }
        delivered += 1
        roomAvailable.signal()
        return result
    }

    /// Stops the batch: queued inputs are dropped, the reader and idle workers return.
    func close() {
        mutex.lock()
        closed = true
        jobs.removeAll()
        jobsHead = 0
        jobAvailable.broadcast()
        roomAvailable.broadcast()
        resultAvailable.broadcast()
        mutex.unlock()
    }
}
