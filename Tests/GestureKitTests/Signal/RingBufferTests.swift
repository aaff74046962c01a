import GestureKit
import Testing

@Suite struct RingBufferTests {
    @Test func dropsTheOldestWhenFull() {
        var ring = RingBuffer<Int>(capacity: 3)
        for i in 1...3 { #expect(ring.append(i) == nil) }
        #expect(ring.append(4) == 1)
        #expect(Array(ring) == [2, 3, 4])
        #expect(ring.removeFirst() == 2)
        #expect(Array(ring) == [3, 4])
    }

    /// Appends, removals from the front and clears, at capacities below, at and across the storage's growth steps
    /// (16, 32, …), against an array that keeps the last `capacity` elements.
    @Test(arguments: [1, 2, 15, 16, 17, 40, 100])
    func behavesLikeTheLastElementsOfAnArray(capacity: Int) {
        var buffer = RingBuffer<Int>(capacity: capacity)
        var model: [Int] = []
        var state: UInt64 = 12_345
        func random(_ n: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % n
        }
        for step in 0..<2_000 {
            switch random(10) {
            case 0...6:
                let dropped = buffer.append(step)
                model.append(step)
                let expected = model.count > capacity ? model.removeFirst() : nil
                #expect(dropped == expected)
            case 7, 8:
                #expect(buffer.removeFirst() == (model.isEmpty ? nil : model.removeFirst()))
            default:
                if random(20) == 0 {
                    buffer.removeAll()
                    model.removeAll()
                }
            }
            #expect(Array(buffer) == model, "step \(step)")
            #expect(buffer.isFull == (model.count == capacity) && buffer.capacity == capacity)
        }
    }

    /// A buffer sized for ten million samples (what a model file may legitimately ask for) holds a few cheaply.
    @Test func aHugeCapacityCostsOnlyWhatIsHeld() {
        var buffer = RingBuffer<Double>(capacity: 10_000_000)
        for t in 0..<100 { buffer.append(Double(t)) }
        #expect(buffer.count == 100 && buffer.first == 0 && buffer.last == 99 && !buffer.isFull)
    }
}
