import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of the demo's, in the temporary directory, whose file-system failures are real.
///
/// Two failures that happen even for root (CI runs as root, which ignores permissions):
///
/// - **A full disk.** Free space is stood in for by a file-size limit (`setrlimit(RLIMIT_FSIZE)`) set
///   for the moment of a write: the kernel refuses to write past it with `EFBIG`, as a full disk refuses
///   with `ENOSPC`. `SIGXFSZ` is ignored so the write fails instead of the process being killed. Freeing
///   space (deleting cached files) raises the "free space" by what was deleted.
/// - **A damaged folder.** A file stands where the app expects a folder, so creating the folder or a
///   file inside it fails with `ENOTDIR`.
///
/// Foundation reports both as the `CocoaError`s it throws for any failed write, with the POSIX error
/// underneath, exactly as an app would see them.
actor DemoDisk {
    /// The demo's folder, removed by ``removeAll()``.
    let root: URL
    /// The bytes a write may still use: the stand-in for free space.
    private(set) var freeBytes: Int

    /// Creates the folder with some cached files, and a file where the app's data folder should be.
    ///
    /// - Parameter freeBytes: The stand-in for free space.
    init(freeBytes: Int) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("remedy-demo-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        self.freeBytes = freeBytes
        TemporaryFolders.add(root)
        let caches = root.appendingPathComponent("Caches")
        try FileManager.default.createDirectory(at: caches, withIntermediateDirectories: true)
        for index in 1...3 {
            try Data(count: 40_000).write(to: caches.appendingPathComponent("thumbnail-\(index).cache"))
        }
        // A damaged install: a file named like the app's data folder.
        try Data("not a folder".utf8).write(to: root.appendingPathComponent("Library"))
    }

    /// Writes a file, failing with a real `EFBIG` when it needs more than ``freeBytes``.
    ///
    /// - Throws: `CocoaError` with the underlying POSIX error when the write fails.
    func write(_ data: Data, to name: String) throws {
        let url = root.appendingPathComponent(name)
        try Self.withFileSizeLimit(freeBytes) {
            try data.write(to: url)
        }
        freeBytes -= data.count
    }

    /// Deletes the cached files and adds their size to the free space.
    ///
    /// - Returns: The bytes freed.
    func freeUpSpace() throws -> Int {
        let caches = root.appendingPathComponent("Caches")
        var freed = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: caches.path) {
            let url = caches.appendingPathComponent(name)
            let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            try FileManager.default.removeItem(at: url)
            freed += size
        }
        freeBytes += freed
        return freed
    }

    /// Opens the app's data folder, which a file stands in the place of.
    ///
    /// - Throws: `CocoaError` with an underlying `ENOTDIR`, for real.
    func openDataFolder() throws {
        let database = root.appendingPathComponent("Library").appendingPathComponent("Database")
        try FileManager.default.createDirectory(at: database, withIntermediateDirectories: true)
    }

    /// Removes the demo's folder.
    func removeAll() {
        TemporaryFolders.remove(root)
    }

    /// Runs a write with the process's file-size limit lowered to `bytes`, then restores the limit.
    ///
    /// The limit is process-wide for that moment; the demo writes nothing else meanwhile, and pipes and
    /// terminals aren't affected by it.
    private static func withFileSizeLimit(_ bytes: Int, _ write: () throws -> Void) throws {
        signal(SIGXFSZ, SIG_IGN)
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
        #else
        let resource = RLIMIT_FSIZE
        #endif
        var original = rlimit()
        guard getrlimit(resource, &original) == 0 else { return try write() }
        var limited = original
        limited.rlim_cur = rlim_t(max(0, min(bytes, Int(clamping: original.rlim_cur))))
        guard setrlimit(resource, &limited) == 0 else { return try write() }
        defer { _ = setrlimit(resource, &original) }
        try write()
    }
}
