import Foundation
import TransmarkCore

/// The files of a folder tree, in a stable order (names sorted, depth first), filtered by
/// `--include` and `--exclude` globs, without recursion. Names are kept as the bytes the system
/// gives (a name that is not valid UTF-8 is still read and written by its bytes).
///
/// Every real folder is visited once (folders are known by device and inode), so links that
/// lead to a folder already walked, however many, cost nothing: the folder's files are converted
/// once, under its own path. Symbolic links are followed only to files and folders inside the
/// walked folder, unless `followingLinksOutside`; a link out of it is skipped and reported. A
/// link that leads back to a folder above it (a directory loop), a dangling link or an
/// unreadable folder is reported as a problem and the walk goes on.
struct DirectoryWalk {
    struct File {
        /// The path to read: the path found, or for a link the real path of the file it leads to.
        let systemPath: [UInt8]
        /// The path relative to the walked folder.
        let relativePath: [UInt8]
        /// Whether the file was reached as a symbolic link (else it is read without following one).
        let isLink: Bool

        /// `relativePath` as text.
        var relativeText: String { FileIO.display(relativePath) }
    }

    struct Problem {
        let relativePath: String
        let error: BatchItemError
    }

    /// A symbolic link that was not followed, and why.
    struct SkippedLink {
        let relativePath: String
        let reason: String
    }

    /// Shell globs (`fnmatch`): a pattern with a `/` is matched against the path relative to the
    /// walked folder (`*` crosses folders), one without against the file or folder name.
    let include: [String]
    let exclude: [String]
    /// Whether links that lead out of the walked folder are followed (`--follow-links-outside`).
    let followingLinksOutside: Bool
    /// A real path (the output folder) whose files and folders are never read, even through a link.
    let avoiding: [UInt8]?

    private(set) var files: [File] = []
    private(set) var problems: [Problem] = []
    private(set) var skippedLinks: [SkippedLink] = []

    init(include: [String], exclude: [String], followingLinksOutside: Bool = false, avoiding: [UInt8]? = nil) {
        self.include = include
        self.exclude = exclude
        self.followingLinksOutside = followingLinksOutside
        self.avoiding = avoiding
    }

    static func matches(_ patterns: [String], relativePath: [UInt8], name: [UInt8]) -> Bool {
        patterns.contains { pattern in
            FileIO.withCString(pattern.contains("/") ? relativePath : name) { fnmatch(pattern, $0, 0) } == 0
        }
    }

    private struct Identity: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private struct Folder {
        let path: [UInt8]
        let relative: [UInt8]
        /// The folders above it, and itself: identity and relative path ("." for the root).
        let ancestors: [(Identity, String)]
    }

    /// Walks the folder at `root` (a path as the system knows it), appending to `files`,
    /// `problems` and `skippedLinks`.
    mutating func walk(_ root: [UInt8]) {
        var info = stat()
        let rootText = FileIO.display(root)
        let code = FileIO.status(root, &info, followingLinks: true)
        guard code == 0 else {
            problems.append(Problem(relativePath: rootText, error: BatchItemError(TransmarkError.io(path: rootText, reason: "cannot read: " + FileIO.reason(code)))))
            return
        }
        let rootReal = Self.realPath(root) ?? root
        // Each real folder walked, with the relative path it was walked as.
        var visited: [Identity: String] = [Identity(info): "."]
        var stack = [Folder(path: root, relative: [], ancestors: [(Identity(info), ".")])]
        // Links to folders, walked once every real folder has been: a folder reached both by its
        // own path and through a link is converted under its own path.
        var linkedFolders: [(folder: Folder, identity: Identity)] = []
        var nextLinked = 0
        while true {
            guard let folder = stack.popLast() else {
                guard nextLinked < linkedFolders.count else { break }
                let (folder, identity) = linkedFolders[nextLinked]
                nextLinked += 1
                if let first = visited[identity] {
                    skippedLinks.append(SkippedLink(relativePath: FileIO.display(folder.relative),
                                                    reason: "leads to \(first == "." ? "the input folder" : first), converted already"))
                    continue
                }
                visited[identity] = FileIO.display(folder.relative)
                stack.append(folder)
                continue
            }
            walkFolder(folder, rootReal: rootReal, visited: &visited, stack: &stack, linkedFolders: &linkedFolders)
        }
    }

    private mutating func walkFolder(_ folder: Folder, rootReal: [UInt8], visited: inout [Identity: String],
                                     stack: inout [Folder], linkedFolders: inout [(folder: Folder, identity: Identity)]) {
        var code: Int32 = 0
        guard let directory = FileIO.withCString(folder.path, { path in
            let directory = opendir(path)
            code = errno
            return directory
        }) else {
            problems.append(Problem(relativePath: FileIO.display(folder.relative), error: BatchItemError(TransmarkError.io(
                path: FileIO.display(folder.path), reason: "cannot read folder: " + FileIO.reason(code)))))
            return
        }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    Array(UnsafeBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))))
                }
            }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        closedir(directory)
        names.sort { $0.lexicographicallyPrecedes($1) }
        var subfolders: [Folder] = []
        var info = stat()
        for name in names {
            let path = folder.path.last == UInt8(ascii: "/") ? folder.path + name : folder.path + [UInt8(ascii: "/")] + name
            let relative = folder.relative.isEmpty ? name : folder.relative + [UInt8(ascii: "/")] + name
            let relativeText = FileIO.display(relative)
            var code = FileIO.status(path, &info, followingLinks: false)
            guard code == 0 else {
                problems.append(Problem(relativePath: relativeText, error: BatchItemError(TransmarkError.io(path: FileIO.display(path), reason: "cannot read: " + FileIO.reason(code)))))
                continue
            }
            var target: [UInt8]?
            let isLink = (info.st_mode & S_IFMT) == S_IFLNK
            if isLink {
                code = FileIO.status(path, &info, followingLinks: true)
                let real = code == 0 ? Self.realPath(path) : nil
                if code == 0 && real == nil { code = errno != 0 ? errno : EACCES }
                guard code == 0, let real else {
                    problems.append(Problem(relativePath: relativeText, error: BatchItemError(TransmarkError.io(path: FileIO.display(path), reason: "cannot read: " + FileIO.reason(code)))))
                    continue
                }
                target = real
            }
            let kind = info.st_mode & S_IFMT
            switch kind {
            case S_IFDIR:
                if Self.matches(exclude, relativePath: relative, name: name) { continue }
            case S_IFREG:
                if !include.isEmpty && !Self.matches(include, relativePath: relative, name: name) { continue }
                if Self.matches(exclude, relativePath: relative, name: name) { continue }
            default:
                continue  // devices, pipes and sockets are not documents
            }
            if let target {
                if let avoiding, Self.isInside(target, avoiding) {
                    skippedLinks.append(SkippedLink(relativePath: relativeText, reason: "leads into the output folder; not followed"))
                    continue
                }
                if !followingLinksOutside && !Self.isInside(target, rootReal) {
                    skippedLinks.append(SkippedLink(relativePath: relativeText, reason:
                        "leads outside the input folder (to \(FileIO.display(target))); not followed (--follow-links-outside follows it)"))
                    continue
                }
            }
            if kind == S_IFREG {
                files.append(File(systemPath: target ?? path, relativePath: relative, isLink: isLink))
                continue
            }
            let identity = Identity(info)
            if let ancestor = folder.ancestors.first(where: { $0.0 == identity }) {
                problems.append(Problem(relativePath: relativeText, error: BatchItemError(
                    code: "directory-loop",
                    message: "directory loop: \(relativeText) leads back to \(ancestor.1 == "." ? "the input folder" : ancestor.1); not followed")))
                continue
            }
            let next = Folder(path: path, relative: relative, ancestors: folder.ancestors + [(identity, relativeText)])
            if isLink {
                linkedFolders.append((next, identity))
            } else if let first = visited[identity] {
                // The same folder by two real paths (a bind mount).
                skippedLinks.append(SkippedLink(relativePath: relativeText, reason: "is the same folder as \(first), converted already"))
            } else {
                visited[identity] = relativeText
                subfolders.append(next)
            }
        }
        stack.append(contentsOf: subfolders.reversed())
    }

    /// Whether `path` is `folder` or inside it (both real paths).
    static func isInside(_ path: [UInt8], _ folder: [UInt8]) -> Bool {
        if path == folder || folder == [UInt8(ascii: "/")] { return true }
        return path.count > folder.count && path.starts(with: folder) && path[folder.count] == UInt8(ascii: "/")
    }

    /// The absolute path with every link resolved (`realpath`), or nil when it does not exist.
    static func realPath(_ path: [UInt8]) -> [UInt8]? {
        guard let real = FileIO.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return Array(UnsafeRawBufferPointer(start: real, count: strlen(real)))
    }
}
