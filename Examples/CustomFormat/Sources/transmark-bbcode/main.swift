// `transmark` with BBCode: every command of the standard tool (convert, select, formats), over a
// registry that also holds the BBCode frontend and backend and the `emoticons` transform.
//
//   transmark-bbcode convert post.md -t bbcode
//   transmark-bbcode convert post.bbcode -t html --transform emoticons
import BBCode
import Foundation
import TransmarkCLI

exit(CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst()), registry: BBCode.registry))
