import TemperCLI

// First, while the main thread is the only one: `serve` started as root gives up its privileges.
Temper.confineServeStartedAsRoot()
Temper.runMainAndWait()
