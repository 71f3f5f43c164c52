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
    /// The run's conversions, each resolved once and shared by the workers.
    let conversions: ConversionCache
    /// Whether JSON lines records carry the document's metadata (`--metadata`).
    let includesMetadata: Bool
    /// `--base-url`: in folder mode each page's address is this URL with the page's path.
    let baseURL: String?
    /// Chunks and statistics (`--chunks`, `--stats`), when asked for.
    let chunkOutput: ChunkOutput?

    init(registry: Registry, environment: CommandEnvironment, from: String?, to: String, options: ConversionOptions,
         jobs: Int, quiet: Bool, includesMetadata: Bool = false, baseURL: String? = nil, chunkOutput: ChunkOutput? = nil) {
        self.includesMetadata = includesMetadata
        self.baseURL = baseURL
        self.chunkOutput = chunkOutput
        self.registry = registry
        self.environment = environment
        self.from = from
        self.to = to
        self.options = options
        self.jobs = jobs
        self.quiet = quiet
        conversions = ConversionCache(registry: registry, transforms: options.transforms)
    }
}
