/// A fixed-capacity first-in-first-out buffer; appending to a full buffer drops the oldest element.
///
/// Storage grows by doubling as elements arrive, up to the capacity, so a buffer sized for hours of samples costs
/// memory only as it fills; once it has held `capacity` elements, no operation allocates.
///
/// - Complexity: O(1) append (amortised while the storage grows) and indexed access.
package struct RingBuffer<Element>: RandomAccessCollection {
    private var storage: ContiguousArray<Element?> = []
    private var head = 0
    /// The number of elements held.
    package private(set) var count = 0
    /// The most elements the buffer holds.
    package let capacity: Int

    /// Creates an empty buffer holding at most `capacity` elements (at least one).
    package init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
    }

    /// Whether the buffer holds `capacity` elements.
    package var isFull: Bool { count == capacity }

    /// Always 0: the oldest element.
    package var startIndex: Int { 0 }
    /// ``count``: one past the newest element.
    package var endIndex: Int { count }

    /// The element `position` places after the oldest.
    package subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "RingBuffer index out of range")
        return storage[(head + position) % storage.count]!
    }

    /// Appends `element`, dropping the oldest when full; returns the dropped element, if any.
    @discardableResult
    package mutating func append(_ element: Element) -> Element? {
        if count == storage.count, count < capacity { grow() }
        if count < storage.count {
            storage[(head + count) % storage.count] = element
            count += 1
            return nil
        }
        let dropped = storage[head]
        storage[head] = element
        head = (head + 1) % storage.count
        return dropped
    }

    /// Removes and returns the oldest element, or `nil` when empty.
    @discardableResult
    package mutating func removeFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) % storage.count
        count -= 1
        return element
    }

    /// Twice the storage (at least 16, at most `capacity`), the elements moved to its start in order.
    private mutating func grow() {
        var larger = ContiguousArray<Element?>(repeating: nil, count: Swift.min(capacity, Swift.max(16, 2 * storage.count)))
        for i in 0..<count { larger[i] = storage[(head + i) % storage.count] }
        storage = larger
        head = 0
    }

    /// Removes every element, keeping the storage.
    package mutating func removeAll() {
        for i in storage.indices { storage[i] = nil }
        head = 0
        count = 0
    }
}

extension RingBuffer: Sendable where Element: Sendable {}
