@_exported import TransmarkCore
@_exported import TransmarkHTML
@_exported import TransmarkJSONTree
@_exported import TransmarkMarkdown
@_exported import TransmarkStyledRuns
@_exported import TransmarkText
@_exported import TransmarkTransforms
@_exported import TransmarkInlineRules
