import Foundation
import Transmark

// One conversion of one file through `Registry.standard`, for instruction counts under valgrind
// (`count-instructions.sh`): `ConvertOnce FILE FROM TO [key=value …]`, or TO `-` to parse only.
// Prints the output size (the node count when parsing only).
let arguments = CommandLine.arguments
guard arguments.count >= 4, let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ConvertOnce FILE FROM TO [key=value ...]\n".utf8))
    exit(64)
}
let pairs = arguments.dropFirst(4).map { argument -> (key: String, value: String) in
    let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
    return (key: parts[0], value: parts.count > 1 ? parts[1] : "")
}
do {
    if arguments[3] == "-" {
        let document = try Registry.standard.parse([UInt8](data), from: arguments[2], options: ConversionOptions(pairs).pairs)
        print("\(document.nodeCount) nodes")
    } else {
        let output = try Registry.standard.convert([UInt8](data), from: arguments[2], to: arguments[3],
                                                   options: ConversionOptions(pairs))
        print("\(output.count) bytes")
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
