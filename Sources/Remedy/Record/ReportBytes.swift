/// The UTF-8 bytes of a report being written: one growable allocation, appended to in place.
///
/// A `ManagedBuffer` instead of a `[UInt8]`: an array's `append(contentsOf:)` goes through its generic
/// copy, about 90 instructions for every part of a line, most parts being a few bytes (`  `, `1`, `: `);
/// here a part costs a capacity check, a uniqueness check and one copy.
///
/// Safety of the pointer work: the elements `0..<count` are always initialized (`UInt8` is trivial, so
/// nothing needs deinitializing), every write first makes sure that `count + n <= capacity` (the
/// capacity the buffer was created with, kept in the header), and every read is of a range inside
/// `0..<count`. A copy of the value shares the storage until one of them writes, which first copies it
/// (`isKnownUniquelyReferenced`), as an array does. `ReportWritingTests` compares the bytes with an
/// array's after every kind of write, growth and copy.
struct ReportBytes {
    private struct Header {
        var count: Int
        let capacity: Int
    }

    private var storage: ManagedBuffer<Header, UInt8>

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        storage = Self.makeStorage(capacity: Swift.max(16, capacity), copying: nil)
    }

    /// How many bytes have been written.
    var count: Int { Self.header(of: storage).count }

    /// The header of a storage, read through its pointer: `ManagedBuffer.header` is a class's stored
    /// property, whose every access is checked for exclusivity at run time.
    private static func header(of storage: ManagedBuffer<Header, UInt8>) -> Header {
        storage.withUnsafeMutablePointerToHeader { $0.pointee }
    }

    /// Makes a storage of `capacity` bytes, with the bytes of `source` (which must fit) copied into it.
    private static func makeStorage(capacity: Int, copying source: ManagedBuffer<Header, UInt8>?)
        -> ManagedBuffer<Header, UInt8>
    {
        let count = source.map { header(of: $0).count } ?? 0
        let storage = ManagedBuffer<Header, UInt8>.create(minimumCapacity: capacity) { _ in
            Header(count: count, capacity: capacity)
        }
        if let source, count > 0 {
            storage.withUnsafeMutablePointerToElements { target in
                source.withUnsafeMutablePointerToElements { bytes in
                    // `count <= capacity`: the callers ask for at least the source's count.
                    target.initialize(from: bytes, count: count)
                }
            }
        }
        return storage
    }

    /// Makes the storage unique, with room for `extra` more bytes.
    private mutating func reserve(_ extra: Int) {
        let header = Self.header(of: storage)
        let needed = header.count + extra
        let isUnique = isKnownUniquelyReferenced(&storage)
        guard needed > header.capacity || !isUnique else { return }
        let capacity = needed > header.capacity ? Swift.max(needed, 2 * header.capacity) : header.capacity
        storage = Self.makeStorage(capacity: capacity, copying: storage)
    }

    /// Makes room for `extra` more bytes and lets `write` initialize them at the end: several parts of a
    /// line in one check of room and uniqueness.
    ///
    /// - Parameter write: Initializes exactly `extra` bytes from the pointer it is given.
    @inline(__always)
    mutating func append(_ extra: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Void) {
        if !isKnownUniquelyReferenced(&storage) || extra > Self.room(in: storage) { reserve(extra) }
        storage.withUnsafeMutablePointers { header, elements in
            // In bounds: the check above or `reserve` made `count + extra <= capacity`.
            write(elements + header.pointee.count)
            header.pointee.count += extra
        }
    }

    /// How many more bytes a storage has room for.
    private static func room(in storage: ManagedBuffer<Header, UInt8>) -> Int {
        storage.withUnsafeMutablePointerToHeader { $0.pointee.capacity - $0.pointee.count }
    }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        append(1) { $0.initialize(to: byte) }
    }

    /// Appends bytes.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let count = bytes.count
        append(count) { target in
            if count <= 16 {
                // Most parts are a few bytes: copied here rather than through a call to `memcpy`.
                for offset in 0..<count { (target + offset).initialize(to: source[offset]) }
            } else {
                target.initialize(from: source, count: count)
            }
        }
    }

    /// Appends the bytes of any sequence.
    mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        for byte in bytes { append(byte) }
    }

    /// Appends `count` copies of a byte.
    mutating func append(_ byte: UInt8, count: Int) {
        guard count > 0 else { return }
        append(count) { $0.initialize(repeating: byte, count: count) }
    }

    /// Reverses the order of the bytes from `start` to the end.
    mutating func reverse(from start: Int) {
        precondition(start >= 0 && start <= count)
        reserve(0)
        storage.withUnsafeMutablePointers { header, elements in
            // In bounds: `start...count - 1` is inside `0..<count`.
            var suffix = UnsafeMutableBufferPointer(start: elements + start, count: header.pointee.count - start)
            suffix.reverse()
        }
    }

    /// Removes the bytes from `start` to the end.
    mutating func removeSuffix(from start: Int) {
        precondition(start >= 0 && start <= count)
        reserve(0)
        // Trivial bytes: forgetting them is all it takes.
        storage.withUnsafeMutablePointerToHeader { $0.pointee.count = start }
    }

    /// Reads the bytes from `start` to the end.
    func withBytes<Result>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        precondition(start >= 0 && start <= count)
        return storage.withUnsafeMutablePointers { header, elements in
            // In bounds: `start..<count` is inside `0..<count`.
            body(UnsafeBufferPointer(start: elements + start, count: header.pointee.count - start))
        }
    }

    /// The bytes from `start` to the end, as text (they are whole strings' bytes: valid UTF-8).
    func string(from start: Int = 0) -> String {
        withBytes(from: start) { String(decoding: $0, as: UTF8.self) }
    }
}
