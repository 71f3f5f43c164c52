import Transmark

/// Converts with the standard registry.
func convert(_ input: String, from: String, to: String = "html", _ options: [String: String] = [:]) throws -> String {
    try Transmark.convert(input, from: from, to: to, options: options)
}

/// The `tree` dump of an input.
func tree(_ input: String, from: String) throws -> String {
    try convert(input, from: from, to: "tree")
}

/// The HTML of an input read with a rule set that is not registered.
func html(_ input: String, rules: InlineRules) throws -> String {
    let registry = Registry.standard.adding(InlineRulesFrontend(rules: rules))
    return try registry.convert(input, from: rules.name, to: "html")
}
