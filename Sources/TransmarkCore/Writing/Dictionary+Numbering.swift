extension Dictionary where Value == Int {
    /// The number of `key` in a numbering kept in this dictionary: the one it has, or else the
    /// next (`first` for the first key, one more for each new key after it), given to it now.
    /// `isNew` says which, so that the caller can record what a new number stands for.
    ///
    /// ```swift
    /// let (number, isNew) = footnoteNumbers.number(for: label, from: 1)
    /// if isNew { footnoteLabels[number] = label }
    /// ```
    @inlinable
    public mutating func number(for key: Key, from first: Int = 0) -> (number: Int, isNew: Bool) {
        if let known = self[key] { return (known, false) }
        let number = count + first
        self[key] = number
        return (number, true)
    }
}
