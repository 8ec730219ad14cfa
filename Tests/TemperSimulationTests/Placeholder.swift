// Tests arrive with the module's implementation.
