import Glibc

extension ServeCommand {
    /// The file `--feedbackd` keeps its marks in: `--state-directory`, else the folder systemd made for the unit's
    /// `StateDirectory=` (`$STATE_DIRECTORY`, the first of its list), else `$XDG_STATE_HOME/temper` or
    /// `~/.local/state/temper`; `nil` when none is known (no `HOME`), so the marks live in memory only.
    func feedbackdMarksPath(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> String? {
        let folder: String? =
            if let stateDirectory { stateDirectory } else if let unit = environment("STATE_DIRECTORY")?.split(separator: ":").first {
                String(unit)
            } else if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
                state + "/temper"
            } else if let home = environment("HOME"), home.hasPrefix("/") { home + "/.local/state/temper" } else { nil }
        return folder.map { $0 + "/feedbackd-profile" }
    }
}
