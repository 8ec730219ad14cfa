import TemperCLI

Temper.runMainAndWait()
