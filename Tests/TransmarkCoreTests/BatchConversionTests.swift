import Synchronization
import Testing
import TransmarkCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts what the batch tests observe from worker and reader threads.
final class BatchProbe: Sendable {
    let running = Atomic<Int>(0)
    let mostRunning = Atomic<Int>(0)
    let pulled = Atomic<Int>(0)
}

/// A frontend that waits a little (the input's first line, in microseconds) before parsing one
/// paragraph per line, and records how many parses run at once.
struct SlowLinesFrontend: Frontend {
    let probe: BatchProbe
    var format: FormatDescriptor { FormatDescriptor(name: "slow", mediaType: "text/plain", summary: "slow lines") }
    func parse(_ input: UnsafeBufferPointer<UInt8>, options: NoOptions) throws -> Document {
        let now = probe.running.add(1, ordering: .sequentiallyConsistent).newValue
        _ = probe.mostRunning.max(now, ordering: .sequentiallyConsistent)
        defer { probe.running.subtract(1, ordering: .sequentiallyConsistent) }
        let lines = String(decoding: input, as: UTF8.self).split(separator: "\n")
        if let first = lines.first, let micros = UInt32(first) { usleep(micros) }
        if lines.contains("fail") { throw ForeignError() }
        var b = DocumentBuilder()
        for line in lines.dropFirst() {
            b.open(.paragraph)
            b.text(String(line))
            b.close()
        }
        return b.finish()
    }
}

struct ForeignError: Error, CustomStringConvertible {
    var description: String { "not one of Transmark's" }
}

/// A sequence of `count` inputs (unbounded when nil) that counts how many were taken.
struct CountedInputs: Sequence {
    let probe: BatchProbe
    let count: Int?
    func makeIterator() -> AnyIterator<BatchInput> {
        var i = 0
        return AnyIterator {
            if let count, i >= count { return nil }
            defer { i += 1 }
            probe.pulled.add(1, ordering: .sequentiallyConsistent)
            return BatchInput("0\nline \(i)", from: "slow", to: "kinds", label: "\(i)")
        }
    }
}

@Suite struct BatchConversionTests {
    let probe = BatchProbe()
    var registry: Registry { Registry().adding(SlowLinesFrontend(probe: probe)).adding(KindsBackend()).adding(LinesFrontend()) }

    @Test func resultsComeInInputOrderWhateverOrderTheyFinishIn() async throws {
        // Early inputs take longest, so that later ones finish first.
        let inputs = (0..<60).map { i in
            BatchInput("\((60 - i) % 7 * 700)\n\(String(repeating: "p\n", count: i % 5))", from: "slow", to: "kinds", label: "doc \(i)")
        }
        var seen: [Int] = []
        for await result in registry.convertAll(inputs, maxConcurrency: 4) {
            #expect(result.index == seen.count)
            #expect(result.label == "doc \(result.index)")
            let expected = "document" + String(repeating: ",paragraph,text", count: result.index % 5)
            #expect(try String(decoding: result.output.get(), as: UTF8.self) == expected)
            seen.append(result.index)
        }
        #expect(seen == Array(0..<60))
        #expect(probe.mostRunning.load(ordering: .sequentiallyConsistent) > 1)
    }

    @Test func concurrencyStaysWithinTheLimit() {
        let inputs = (0..<40).map { _ in BatchInput("2000\nx", from: "slow", to: "kinds") }
        var count = 0
        for result in registry.convertAll(inputs, maxConcurrency: 3) {
            #expect((try? result.output.get()) != nil)
            count += 1
        }
        #expect(count == 40)
        let most = probe.mostRunning.load(ordering: .sequentiallyConsistent)
        #expect(most <= 3)
        #expect(most >= 2)
    }

    @Test func failuresTakeTheirPlaceAndTheBatchGoesOn() throws {
        let inputs: [BatchInput] = [
            BatchInput("a", from: "lines", to: "kinds"),
            BatchInput("a", from: "nope", to: "kinds", label: "unknown"),
            BatchInput(failure: BatchItemError(code: "malformed-json", message: "expected '}'"), label: "bad line"),
            BatchInput(label: "throws") { throw BatchItemError(code: "directory-loop", message: "loops") },
            BatchInput(label: "outer") { BatchInput("b", from: "lines", to: "kinds", label: "inner") },
            BatchInput("0\nfail", from: "slow", to: "kinds", label: "foreign"),
            BatchInput("x", from: "lines", to: "kinds", options: ConversionOptions(["color": "red"])),
            BatchInput("c", from: "lines", to: "kinds"),
        ]
        let results = Array(registry.convertAll(inputs, maxConcurrency: 2))
        #expect(results.map(\.index) == Array(0..<8))
        #expect(results.map(\.label) == ["", "unknown", "bad line", "throws", "inner", "foreign", "", ""])
        func code(_ r: BatchResult) -> String? {
            if case .failure(let e) = r.output { return e.code }
            return nil
        }
        #expect(results.map(code) == [nil, "unknown-format", "malformed-json", "directory-loop", nil, "conversion-failed", "unknown-option", nil])
        guard case .failure(let unknown) = results[1].output else { Issue.record("no failure"); return }
        #expect(unknown.error == .unknownFormat("nope", known: ["kinds", "lines", "slow"]))
        #expect(unknown.message == "unknown format 'nope' (known formats: kinds, lines, slow)")
        guard case .failure(let foreign) = results[5].output else { Issue.record("no failure"); return }
        #expect(foreign.message == "not one of Transmark's")
        #expect(foreign.error == nil)
        #expect(try String(decoding: results[7].output.get(), as: UTF8.self) == "document,paragraph,text")
        #expect(results[0].inputByteCount == 1)
        #expect(results[2].inputByteCount == 0)
    }

    @Test func aLongStreamIsHeldInBoundedMemory() {
        // 20,000 inputs: at each delivered result, the reader has taken at most `maxPending`
        // inputs beyond it.
        let batch = registry.convertAll(CountedInputs(probe: probe, count: 20_000), maxConcurrency: 2, maxPending: 8)
        var delivered = 0
        var mostAhead = 0
        for result in batch {
            #expect(result.index == delivered)
            delivered += 1
            mostAhead = max(mostAhead, probe.pulled.load(ordering: .sequentiallyConsistent) - delivered)
        }
        #expect(delivered == 20_000)
        #expect(probe.pulled.load(ordering: .sequentiallyConsistent) == 20_000)
        #expect(mostAhead <= 8)
    }

    @Test func droppingTheIteratorStopsAnEndlessBatch() async throws {
        do {
            var iterator = registry.convertAll(CountedInputs(probe: probe, count: nil), maxConcurrency: 2, maxPending: 6)
                .makeAsyncIterator()
            for _ in 0..<5 { _ = await iterator.next() }
        }
        try await Task.sleep(for: .milliseconds(200))
        let pulled = probe.pulled.load(ordering: .sequentiallyConsistent)
        #expect(pulled <= 5 + 6)
        try await Task.sleep(for: .milliseconds(100))
        #expect(probe.pulled.load(ordering: .sequentiallyConsistent) == pulled)
    }

    @Test func anEmptyBatchEnds() async {
        var count = 0
        for await _ in registry.convertAll([BatchInput](), maxConcurrency: 3) { count += 1 }
        #expect(count == 0)
        #expect(Array(registry.convertAll([BatchInput](), maxConcurrency: 1)).isEmpty)
    }

    @Test func errorCodesAreStable() {
        #expect(TransmarkError.unknownFormat("x", known: []).code == "unknown-format")
        #expect(TransmarkError.io(path: "p", reason: "r").code == "io")
        #expect(TransmarkError.inputTooLarge(bytes: 3, limit: 2, option: "maxInputSize").code == "input-too-large")
        #expect(BatchItemError(describing: TransmarkError.malformedOption("x")).code == "malformed-option")
        #expect(TransmarkError.renamedOption(key: "html", value: "verbatim", replacement: "rawHTML=text").code == "renamed-option")
    }
}
