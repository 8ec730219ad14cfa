// Simulation: the thermal model, scenarios, trace replay and the virtual clock.
