import Foundation

/// A validator for the subset of JSON Schema that `Schemas/styled-text.schema.json` uses: `type`,
/// `required`, `properties`, `additionalProperties: false`, `items`, `enum`, `const`, `minimum`,
/// `maximum`, `pattern` (the color pattern only) and local `$ref`s into `$defs`.
struct JSONSchemaSubset {
    let root: [String: Any]

    init(url: URL) throws {
        root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    /// Every violation, as `path: problem`.
    func validate(_ value: Any) -> [String] {
        var problems: [String] = []
        check(value, against: root, path: "$", problems: &problems)
        return problems
    }

    private func resolve(_ schema: [String: Any]) -> [String: Any] {
        guard let ref = schema["$ref"] as? String, ref.hasPrefix("#/$defs/") else { return schema }
        let defs = root["$defs"] as! [String: Any]
        return defs[String(ref.dropFirst("#/$defs/".count))] as! [String: Any]
    }

    private func check(_ value: Any, against raw: [String: Any], path: String, problems: inout [String]) {
        let schema = resolve(raw)
        if let type = schema["type"] as? String, !Self.has(type: type, value) {
            problems.append("\(path): expected \(type), got \(value)")
            return
        }
        if let options = schema["enum"] as? [String], !options.contains(value as? String ?? "\u{0}") {
            problems.append("\(path): \(value) not in \(options)")
        }
        if let c = schema["const"] as? Int, (value as? Int) != c { problems.append("\(path): expected \(c)") }
        if let min = schema["minimum"] as? Double, let v = (value as? NSNumber)?.doubleValue, v < min {
            problems.append("\(path): \(v) < \(min)")
        }
        if let max = schema["maximum"] as? Double, let v = (value as? NSNumber)?.doubleValue, v > max {
            problems.append("\(path): \(v) > \(max)")
        }
        if schema["pattern"] != nil, let s = value as? String {
            let ok = s.utf8.count == 9 && s.hasPrefix("#") && s.dropFirst().allSatisfy { "0123456789abcdef".contains($0) }
            if !ok { problems.append("\(path): \(s) does not match the color pattern") }
        }
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                problems.append("\(path): missing \(key)")
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, child) in object {
                if let sub = properties[key] as? [String: Any] {
                    check(child, against: sub, path: path + "." + key, problems: &problems)
                } else if schema["additionalProperties"] as? Bool == false {
                    problems.append("\(path): unexpected key \(key)")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (i, child) in array.enumerated() { check(child, against: items, path: "\(path)[\(i)]", problems: &problems) }
        }
    }

    private static func has(type: String, _ value: Any) -> Bool {
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return value is Bool
        case "integer":
            guard !(value is String), let n = value as? NSNumber else { return false }
            return n.doubleValue == n.doubleValue.rounded()
        case "number": return !(value is String) && value is NSNumber
        default: return true
        }
    }
}
