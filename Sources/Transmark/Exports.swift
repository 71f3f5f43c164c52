@_exported import TransmarkCore
@_exported import TransmarkHTML
@_exported import TransmarkMarkdown
@_exported import TransmarkStyledRuns
@_exported import TransmarkText
@_exported import TransmarkTransforms
