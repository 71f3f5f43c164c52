import TransmarkCore

/// What a batch conversion (`FolderConversion`, `JSONLinesConversion`) takes from `convert`: the
/// registry and environment, the formats and options, and how to run.
struct BatchSettings {
    let registry: Registry
    let environment: CommandEnvironment
    /// The command's `--from`, or nil to find each document's format (by extension or sniffing).
    let from: String?
    let to: String
    let options: ConversionOptions
    /// Conversions run at once.
    let jobs: Int
    /// No progress line (and in folder mode no summary unless a file failed).
    let quiet: Bool
}
