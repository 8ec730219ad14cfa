// Test kit: fake host sources and a manual clock for services that embed Temper.
