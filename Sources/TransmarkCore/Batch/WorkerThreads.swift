#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread object (a mutex, a condition variable) in memory of its own that never moves, as
/// pthreads require; a subclass initializes it after `init` and destroys it in its `deinit`.
class PThreadObject<Raw>: @unchecked Sendable {
    fileprivate let raw = UnsafeMutablePointer<Raw>.allocate(capacity: 1)

    deinit { raw.deallocate() }
}

/// A pthread mutex with condition variables, for the batch's reader, workers and consumer (the
/// core module does not depend on Foundation).
final class PThreadMutex: PThreadObject<pthread_mutex_t>, @unchecked Sendable {
    override init() {
        super.init()
        pthread_mutex_init(raw, nil)
    }

    deinit { pthread_mutex_destroy(raw) }

    func lock() { pthread_mutex_lock(raw) }
    func unlock() { pthread_mutex_unlock(raw) }
}

/// A condition variable used with one `PThreadMutex`.
final class PThreadCondition: PThreadObject<pthread_cond_t>, @unchecked Sendable {
    override init() {
        super.init()
        pthread_cond_init(raw, nil)
    }

    deinit { pthread_cond_destroy(raw) }

    /// Waits (the mutex locked) until signalled; callers re-check their condition in a loop.
    func wait(_ mutex: PThreadMutex) { pthread_cond_wait(raw, mutex.raw) }
    func signal() { pthread_cond_signal(raw) }
    func broadcast() { pthread_cond_broadcast(raw) }
}

/// Dedicated threads for batch work: conversions are long synchronous computations (and the
/// Markdown parser waits on a process-wide lock), which must not occupy the threads of Swift's
/// cooperative pool, and a caller that waits for results synchronously must not wait for work
/// queued on the pool it is blocking.
enum WorkerThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts a detached thread running `body`.
    static func start(_ body: sending @escaping () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, 8 << 20)
        #if canImport(Darwin)
        var thread: pthread_t?
        let started = pthread_create(&thread, &attributes, { raw in
            Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, context)
        #else
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, context)
        #endif
        precondition(started == 0, "cannot start a batch worker thread (error \(started))")
    }
}
