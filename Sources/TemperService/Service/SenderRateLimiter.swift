import TemperCore

/// A token bucket per bus sender: `rate` calls a second with bursts of `burst`. A sender that leaves the bus
/// is forgotten; the table never holds more than `maxSenders` (full buckets are dropped first).
final class SenderRateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Double
    }

    private let rate: Double
    private let burst: Double
    private let maxSenders: Int
    private let buckets = Locked<[String: Bucket]>([:])

    init(rate: Double, burst: Double, maxSenders: Int = 4096) {
        self.rate = max(rate, 0.001)
        self.burst = max(burst, 1)
        self.maxSenders = maxSenders
    }

    /// Takes one call's token; `false` when the sender is over its rate.
    func admit(_ sender: String, now: Double) -> Bool {
        buckets.withLock { buckets in
            var bucket = buckets[sender] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + max(0, now - bucket.updated) * rate)
            bucket.updated = now
            let admitted = bucket.tokens >= 1
            if admitted { bucket.tokens -= 1 }
            if buckets[sender] == nil, buckets.count >= maxSenders { prune(&buckets, now: now) }
            buckets[sender] = bucket
            return admitted
        }
    }

    func forget(_ sender: String) {
        _ = buckets.withLock { $0.removeValue(forKey: sender) }
    }

    /// Drops the senders whose buckets have refilled (they lose nothing), else the oldest half.
    private func prune(_ buckets: inout [String: Bucket], now: Double) {
        buckets = buckets.filter { $0.value.tokens + (now - $0.value.updated) * rate < burst }
        if buckets.count >= maxSenders {
            let keep = buckets.sorted { $0.value.updated > $1.value.updated }.prefix(maxSenders / 2)
            buckets = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
        }
    }
}
