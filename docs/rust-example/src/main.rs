//! libtemper from Rust through `extern "C"` declarations of the temper.h functions it uses.
//!
//!     cargo run -- Examples/patterns/ui-tap.ahap serious Examples/requests/ring-explosion-haptic.json
//!
//! Prints the pattern's energy in millijoules (as `temper score`) and the request's outcome under the condition
//! (as `temper rewrite --request FILE --condition TIER`).
use std::ffi::{c_char, c_int, CStr, CString};
use std::ptr;

#[repr(C)]
struct Governor([u8; 0]);
#[repr(C)]
struct Request([u8; 0]);
#[repr(C)]
struct Decision([u8; 0]);
#[repr(C)]
struct Score([u8; 0]);

const TEMPER_ABI_VERSION: u32 = 1;

#[link(name = "temper")]
extern "C" {
    fn temper_abi_version() -> u32;
    fn temper_last_error() -> *const c_char;
    fn temper_governor_new(policy: *const c_char, device: *const c_char, out: *mut *mut Governor) -> c_int;
    fn temper_governor_free(governor: *mut Governor);
    fn temper_governor_set_condition(governor: *mut Governor, condition: *const c_char) -> c_int;
    fn temper_score_bytes(governor: *const Governor, bytes: *const u8, length: usize, name: *const c_char, out: *mut *mut Score) -> c_int;
    fn temper_score_energy_millijoules(score: *const Score) -> f64;
    fn temper_score_free(score: *mut Score);
    fn temper_request_new(json: *const c_char, length: usize, base_directory: *const c_char, out: *mut *mut Request) -> c_int;
    fn temper_request_free(request: *mut Request);
    fn temper_decide(governor: *const Governor, request: *const Request, out: *mut *mut Decision) -> c_int;
    fn temper_decision_outcome(decision: *const Decision) -> c_int;
    fn temper_decision_free(decision: *mut Decision);
}

/// The status as a Result, with libtemper's one-line message.
fn check(status: c_int) -> Result<(), String> {
    if status == 0 {
        return Ok(());
    }
    Err(unsafe { CStr::from_ptr(temper_last_error()) }.to_string_lossy().into_owned())
}

fn run(pattern: &str, condition: &str, request: &str) -> Result<(), String> {
    if unsafe { temper_abi_version() } != TEMPER_ABI_VERSION {
        return Err("libtemper speaks another ABI".into());
    }
    let mut governor = ptr::null_mut();
    check(unsafe { temper_governor_new(ptr::null(), ptr::null(), &mut governor) })?;
    let result = (|| {
        let bytes = std::fs::read(pattern).map_err(|error| format!("{pattern}: {error}"))?;
        let name = CString::new(pattern).map_err(|error| error.to_string())?;
        let mut score = ptr::null_mut();
        check(unsafe { temper_score_bytes(governor, bytes.as_ptr(), bytes.len(), name.as_ptr(), &mut score) })?;
        println!("{pattern}\t{}", unsafe { temper_score_energy_millijoules(score) });
        unsafe { temper_score_free(score) };

        let condition = CString::new(condition).map_err(|error| error.to_string())?;
        check(unsafe { temper_governor_set_condition(governor, condition.as_ptr()) })?;
        let json = std::fs::read(request).map_err(|error| format!("{request}: {error}"))?;
        let mut parsed = ptr::null_mut();
        check(unsafe { temper_request_new(json.as_ptr().cast(), json.len(), ptr::null(), &mut parsed) })?;
        let mut decision = ptr::null_mut();
        let decided = check(unsafe { temper_decide(governor, parsed, &mut decision) });
        if decided.is_ok() {
            let outcome = ["pass", "rewritten", "fallback", "dropped"][unsafe { temper_decision_outcome(decision) } as usize];
            println!("{outcome}");
            unsafe { temper_decision_free(decision) };
        }
        unsafe { temper_request_free(parsed) };
        decided
    })();
    unsafe { temper_governor_free(governor) };
    result
}

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    if arguments.len() != 3 {
        eprintln!("usage: temper-example PATTERN CONDITION REQUEST");
        std::process::exit(2);
    }
    if let Err(message) = run(&arguments[0], &arguments[1], &arguments[2]) {
        eprintln!("temper-example: {message}");
        std::process::exit(1);
    }
}
