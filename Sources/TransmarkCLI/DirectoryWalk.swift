import Foundation
import TransmarkCore

/// The files of a folder tree, in a stable order (names sorted, depth first), filtered by
/// `--include` and `--exclude` globs, following symbolic links, without recursion. A link that
/// leads back to a folder above it (a directory loop), a dangling link or an unreadable folder is
/// reported as a problem and the walk goes on.
struct DirectoryWalk {
    struct File {
        /// The path to read.
        let path: String
        /// The path relative to the walked folder.
        let relativePath: String
    }

    struct Problem {
        let relativePath: String
        let error: BatchItemError
    }

    /// Shell globs (`fnmatch`): a pattern with a `/` is matched against the path relative to the
    /// walked folder (`*` crosses folders), one without against the file or folder name.
    let include: [String]
    let exclude: [String]

    private(set) var files: [File] = []
    private(set) var problems: [Problem] = []

    init(include: [String], exclude: [String]) {
        self.include = include
        self.exclude = exclude
    }

    static func matches(_ patterns: [String], relativePath: String, name: String) -> Bool {
        patterns.contains { pattern in
            fnmatch(pattern, pattern.contains("/") ? relativePath : name, 0) == 0
        }
    }

    private struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64
    }

    /// Walks the folder at `root`, appending to `files` and `problems`.
    mutating func walk(_ root: String) {
        var info = stat()
        guard stat(root, &info) == 0 else {
            problems.append(Problem(relativePath: root, error: BatchItemError(TransmarkError.io(path: root, reason: "cannot read: " + Self.reason(errno)))))
            return
        }
        var stack: [(path: String, relative: String, ancestors: [(Identity, String)])] =
            [(root, "", [(Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)), ".")])]
        while let folder = stack.popLast() {
            guard let directory = opendir(folder.path) else {
                problems.append(Problem(relativePath: folder.relative, error: BatchItemError(TransmarkError.io(path: folder.path, reason: "cannot read folder: " + Self.reason(errno)))))
                continue
            }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            names.sort()
            var subfolders: [(path: String, relative: String, ancestors: [(Identity, String)])] = []
            for name in names {
                let path = folder.path.hasSuffix("/") ? folder.path + name : folder.path + "/" + name
                let relative = folder.relative.isEmpty ? name : folder.relative + "/" + name
                guard stat(path, &info) == 0 else {
                    problems.append(Problem(relativePath: relative, error: BatchItemError(TransmarkError.io(path: path, reason: "cannot read: " + Self.reason(errno)))))
                    continue
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if Self.matches(exclude, relativePath: relative, name: name) { continue }
                    let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
                    if let ancestor = folder.ancestors.first(where: { $0.0 == identity }) {
                        problems.append(Problem(relativePath: relative, error: BatchItemError(
                            code: "directory-loop",
                            message: "directory loop: \(relative) leads back to \(ancestor.1 == "." ? "the input folder" : ancestor.1); not followed")))
                        continue
                    }
                    subfolders.append((path, relative, folder.ancestors + [(identity, relative)]))
                case S_IFREG:
                    if !include.isEmpty && !Self.matches(include, relativePath: relative, name: name) { continue }
                    if Self.matches(exclude, relativePath: relative, name: name) { continue }
                    files.append(File(path: path, relativePath: relative))
                default:
                    continue  // devices, pipes and sockets are not documents
                }
            }
            stack.append(contentsOf: subfolders.reversed())
        }
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }
}
