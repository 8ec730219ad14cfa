import ArgumentParser

/// `temper calibrate`: fit a device profile's sections to measurements from the device itself.
struct CalibrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Fit a device profile to measurements (thermal traces, measured pattern energies).",
        discussion: """
            Each subcommand fits one section of a device profile by least squares and reports every fitted \
            number with its 95 % interval (Student's t) and the fit's RMSE. With --out it writes a complete \
            profile (the --device base with the fitted section), each fitted number marked 'fitted:' with \
            where it came from; any --device or scenario 'device:' accepts that file at once.
            """,
        subcommands: [
            CalibrateThermalCommand.self,
            CalibrateEnergyCommand.self,
        ]
    )
}
