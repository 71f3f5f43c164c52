import TransmarkCore

/// The list markers written into styled text: bullets by level, numbers by numbering style.
public enum ListMarkers {
    /// The bullet for a bullet list at `level` (1 is top level): `•`, `◦`, then `▪`.
    public static func bullet(level: Int) -> String {
        switch level {
        case ...1: "•"
        case 2: "◦"
        default: "▪"
        }
    }

    /// The marker of item number `number` in a list numbered with `numbering`: `3.`, `c.`, `iii.`.
    public static func ordinal(_ number: Int, numbering: ListNumbering) -> String {
        numbering.label(number) + "."
    }

    /// The task box of a task-list item: `☐` or `☑`.
    public static func task(_ state: TaskState) -> String {
        state == .checked ? "☑" : "☐"
    }
}
