import Foundation

/// A validator for the subset of JSON Schema (draft 2020-12) that the schemas in `Schemas/` use:
/// `type` (a name or a list), `required`, `properties`, `additionalProperties` (`false` or a
/// schema), `minProperties`, `maxProperties`, `minLength`, `items`, `prefixItems`, `minItems`, `maxItems`,
/// `enum`, `const`, `minimum`, `maximum`, `pattern`, `oneOf`, `anyOf` and local `$ref`s into
/// `$defs`. Values are what `JSONSerialization` returns. It recurses over the value, so it is for
/// documents of moderate depth (as `JSONSerialization` is).
public struct JSONSchemaSubset {
    let root: [String: Any]

    /// Reads a schema file.
    public init(url: URL) throws {
        root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    /// Every violation, as `path: problem`.
    public func validate(_ value: Any) -> [String] {
        var problems: [String] = []
        check(value, against: root, path: "$", problems: &problems)
        return problems
    }

    private func resolve(_ schema: [String: Any]) -> [String: Any] {
        guard let ref = schema["$ref"] as? String, ref.hasPrefix("#/$defs/") else { return schema }
        let defs = root["$defs"] as! [String: Any]
        return resolve(defs[String(ref.dropFirst("#/$defs/".count))] as! [String: Any])
    }

    private func check(_ value: Any, against raw: [String: Any], path: String, problems: inout [String]) {
        let schema = resolve(raw)
        if let type = schema["type"] as? String, !Self.has(type: type, value) {
            problems.append("\(path): expected \(type), got \(value)")
            return
        }
        if let types = schema["type"] as? [String], !types.contains(where: { Self.has(type: $0, value) }) {
            problems.append("\(path): expected one of \(types), got \(value)")
            return
        }
        if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal($0, value) }) {
            problems.append("\(path): \(value) not in \(options)")
        }
        if let c = schema["const"], !Self.equal(c, value) { problems.append("\(path): expected \(c), got \(value)") }
        if let min = schema["minimum"] as? Double, !Self.isBool(value), let v = (value as? NSNumber)?.doubleValue, v < min {
            problems.append("\(path): \(v) < \(min)")
        }
        if let max = schema["maximum"] as? Double, !Self.isBool(value), let v = (value as? NSNumber)?.doubleValue, v > max {
            problems.append("\(path): \(v) > \(max)")
        }
        if let pattern = schema["pattern"] as? String, let s = value as? String {
            let regex = try! NSRegularExpression(pattern: pattern)
            if regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) == nil {
                problems.append("\(path): \(s) does not match \(pattern)")
            }
        }
        if let min = schema["minLength"] as? Int, let s = value as? String, s.count < min {
            problems.append("\(path): shorter than \(min)")
        }
        if let object = value as? [String: Any] {
            // A member that fails a `const` (a discriminator such as `kind`) ends the check of
            // this object: `oneOf` branches of other kinds then cost nothing more.
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, sub) in properties {
                guard let c = (sub as? [String: Any])?["const"], let member = object[key] else { continue }
                if !Self.equal(c, member) {
                    problems.append("\(path).\(key): expected \(c), got \(member)")
                    return
                }
            }
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                problems.append("\(path): missing \(key)")
            }
            if let min = schema["minProperties"] as? Int, object.count < min { problems.append("\(path): fewer than \(min) members") }
            if let max = schema["maxProperties"] as? Int, object.count > max { problems.append("\(path): more than \(max) members") }
            for (key, child) in object.sorted(by: { $0.key < $1.key }) {
                if let sub = properties[key] as? [String: Any] {
                    check(child, against: sub, path: path + "." + key, problems: &problems)
                } else if schema["additionalProperties"] as? Bool == false {
                    problems.append("\(path): unexpected key \(key)")
                } else if let sub = schema["additionalProperties"] as? [String: Any] {
                    check(child, against: sub, path: path + "." + key, problems: &problems)
                }
            }
        }
        if let array = value as? [Any] {
            if let min = schema["minItems"] as? Int, array.count < min { problems.append("\(path): fewer than \(min) items") }
            if let max = schema["maxItems"] as? Int, array.count > max { problems.append("\(path): more than \(max) items") }
            let prefix = schema["prefixItems"] as? [[String: Any]] ?? []
            for (i, child) in array.enumerated() {
                if i < prefix.count {
                    check(child, against: prefix[i], path: "\(path)[\(i)]", problems: &problems)
                } else if let items = schema["items"] as? [String: Any] {
                    check(child, against: items, path: "\(path)[\(i)]", problems: &problems)
                } else if schema["items"] as? Bool == false {
                    problems.append("\(path): unexpected item \(i)")
                }
            }
        }
        if let branches = schema["oneOf"] as? [[String: Any]] {
            let results = branches.map { branch in
                var p: [String] = []
                check(value, against: branch, path: path, problems: &p)
                return p
            }
            let matching = results.filter(\.isEmpty).count
            if matching != 1 {
                let closest = results.min { $0.count < $1.count } ?? []
                problems.append("\(path): matches \(matching) of the oneOf branches, not one\(matching == 0 ? " (closest: \(closest.joined(separator: "; ")))" : "")")
            }
        }
        if let branches = schema["anyOf"] as? [[String: Any]] {
            let results = branches.map { branch in
                var p: [String] = []
                check(value, against: branch, path: path, problems: &p)
                return p
            }
            if !results.contains(where: \.isEmpty) {
                let closest = results.min { $0.count < $1.count } ?? []
                problems.append("\(path): matches none of the anyOf branches (closest: \(closest.joined(separator: "; ")))")
            }
        }
    }

    /// Whether a `JSONSerialization` value is a boolean (`NSNumber`s of booleans bridge to `Bool`
    /// as do the numbers 0 and 1, so the type code tells them apart).
    private static func isBool(_ value: Any) -> Bool {
        guard let n = value as? NSNumber else { return false }
        return String(cString: n.objCType) == "c"
    }

    private static func equal(_ a: Any, _ b: Any) -> Bool {
        if let x = a as? String { return (b as? String) == x }
        if isBool(a) || isBool(b) { return isBool(a) && isBool(b) && (a as? Bool) == (b as? Bool) }
        if let x = a as? NSNumber, let y = b as? NSNumber, !(b is String) { return x.doubleValue == y.doubleValue }
        return false
    }

    private static func has(type: String, _ value: Any) -> Bool {
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return isBool(value)
        case "null": return value is NSNull
        case "integer":
            guard !(value is String), !isBool(value), let n = value as? NSNumber else { return false }
            return n.doubleValue == n.doubleValue.rounded()
        case "number": return !(value is String) && !isBool(value) && value is NSNumber
        default: return true
        }
    }
}
