/// A fixed-capacity first-in-first-out buffer; appending to a full buffer drops the oldest element.
///
/// Storage is allocated once, at creation.
///
/// - Complexity: O(1) append and indexed access.
public struct RingBuffer<Element>: RandomAccessCollection {
    private var storage: ContiguousArray<Element?>
    private var head = 0
    /// The number of elements held.
    public private(set) var count = 0

    /// Creates an empty buffer holding at most `capacity` elements (at least one).
    public init(capacity: Int) {
        storage = ContiguousArray(repeating: nil, count: Swift.max(1, capacity))
    }

    /// The most elements the buffer holds.
    public var capacity: Int { storage.count }
    /// Whether the buffer holds `capacity` elements.
    public var isFull: Bool { count == storage.count }

    /// Always 0: the oldest element.
    public var startIndex: Int { 0 }
    /// ``count``: one past the newest element.
    public var endIndex: Int { count }

    /// The element `position` places after the oldest.
    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "RingBuffer index out of range")
        return storage[(head + position) % storage.count]!
    }

    /// Appends `element`, dropping the oldest when full; returns the dropped element, if any.
    @discardableResult
    public mutating func append(_ element: Element) -> Element? {
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
    public mutating func removeFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) % storage.count
        count -= 1
        return element
    }

    /// Removes every element, keeping the storage.
    public mutating func removeAll() {
        for i in storage.indices { storage[i] = nil }
        head = 0
        count = 0
    }
}

extension RingBuffer: Sendable where Element: Sendable {}
