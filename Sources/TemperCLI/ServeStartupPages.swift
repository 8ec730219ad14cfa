import CTemperProcess
import Glibc
import Logging
import ServiceLifecycle
import TemperCore

/// Gives back, once `temper serve` is up, the pages of its own code and constants that only start-up touched.
///
/// Why: the binary links the Swift runtime and every command in, and start-up (parsing the built-in policies and
/// profiles, opening the buses, the first sample) runs code that a service idling for days never runs again; the
/// kernel keeps that code mapped, and pages around each function with it. Measured on the 16-sensor testbed
/// (docs/performance.md): 6.3 MiB of the binary's code resident before, 1.8 MiB after, 3.7 MiB once the
/// once-a-minute paths have run again.
/// The pages stay in the page cache while memory allows; code that runs later faults its own pages back in.
///
/// It waits for the third sample: by then the bus name is owned and the first samples are published.
struct ServeStartupPages: Service {
    let governor: Governor
    let logger: Logger
    var samplesBeforeRelease = 3

    func run() async {
        var seen = 0
        for await _ in governor.samples(bufferingPolicy: .bufferingNewest(1)).cancelOnGracefulShutdown() {
            seen += 1
            guard seen == samplesBeforeRelease else { continue }
            let error = temper_page_out_program_code()
            if error == 0 {
                logger.debug("gave back the pages of code start-up ran")
            } else {
                // A kernel before Linux 5.4 has no MADV_PAGEOUT: serve runs as before, with more memory resident.
                logger.debug(
                    "kept the pages of code start-up ran",
                    metadata: ["reason": "\(String(cString: strerror(error)))"]
                )
            }
            return
        }
    }
}
