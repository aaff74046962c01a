import Foundation
import GestureKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SampleCSVReader {
    /// A file read in chunks into one reused buffer (1 MiB, doubled only for a longer line), so reading holds
    /// the columns and not the file. Each chunk is checked to be ASCII; a leading byte-order mark is skipped.
    struct ChunkedFile {
        /// The bytes not yet consumed followed by those just read.
        struct Chunk {
            var base: UnsafePointer<UInt8>
            var count: Int
            /// Whether the file ends with this chunk.
            var atEnd: Bool
        }

        private let descriptor: Int32
        private var buffer: UnsafeMutablePointer<UInt8>
        private var capacity = 1 << 20
        private var start = 0, count = 0, bytesRead = 0
        private var atEnd = false
        /// The file's size in bytes when opened.
        let size: Int

        /// The file at `path` opened for reading, or `nil` when it cannot be (the general path says why).
        init?(path: String) {
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return nil }
            var status = stat()
            size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
            buffer = .allocate(capacity: capacity)
        }

        /// Closes the file and frees the buffer.
        mutating func release() {
            _ = close(descriptor)
            buffer.deallocate()
        }

        /// The unconsumed bytes and the next read's; `nil` on a read error or a byte beyond ASCII. O(bytes read).
        mutating func next() -> Chunk? {
            if start > 0 {
                memmove(buffer, buffer + start, count - start)
                count -= start
                start = 0
            }
            if count == capacity {
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                larger.update(from: buffer, count: count)
                buffer.deallocate()
                buffer = larger
                capacity *= 2
            }
            if !atEnd {
                var n: Int
                repeat { n = read(descriptor, buffer + count, capacity - count) } while n < 0 && errno == EINTR
                guard n >= 0 else { return nil }
                if bytesRead == 0, n >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
                    start = 3  // a byte-order mark, as TextLines skips it
                }
                guard Self.isASCII(buffer + max(count, start), count + n - max(count, start)) else { return nil }
                bytesRead += n
                count += n
                atEnd = n == 0
            }
            return Chunk(base: buffer + start, count: count - start, atEnd: atEnd)
        }

        /// The first `bytes` of the last chunk are read and need not be kept.
        mutating func consumed(_ bytes: Int) { start += bytes }

        /// About how many lines follow byte `offset` of `chunk` to the end of the file, from the length of the
        /// chunk's lines (0 when it holds no line break). O(chunk length).
        func estimatedLines(after offset: Int, in chunk: Chunk) -> Int {
            let rest = chunk.count - offset
            guard rest > 0 else { return 0 }
            var breaks = 0, returns = 0
            for k in offset..<chunk.count {
                breaks += chunk.base[k] == 10 ? 1 : 0
                returns += chunk.base[k] == 13 ? 1 : 0
            }
            let lines = breaks > 0 ? breaks : returns
            guard lines > 0 else { return 0 }
            let remaining = rest + max(0, size - bytesRead)
            return Int(Double(remaining) / (Double(rest) / Double(lines)) * 1.02) + 16
        }

        /// Whether `count` bytes from `p` are all below 0x80 (ASCII), 8 at a time. O(count).
        static func isASCII(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
            var i = 0, any: UInt64 = 0
            let raw = UnsafeRawPointer(p)
            while i + 8 <= count {
                any |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i += 8
            }
            while i < count { any |= UInt64(p[i]); i += 1 }
            return any & 0x8080_8080_8080_8080 == 0
        }
    }
}
