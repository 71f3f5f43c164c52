import Foundation
import Transmark
import TransmarkCLI

exit(CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst()), registry: .standard))
