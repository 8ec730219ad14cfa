import TemperCLI

await Temper.runMain()
