/*
 * temper.h: libtemper, Temper's governor and energy scorer inside a C, C++, Rust or Python program.
 *
 * Link with `pkg-config --cflags --libs temper`. The library carries the Swift runtime it was built with, so a
 * program needs nothing else; it exports only the temper_* functions below.
 *
 * Objects. Each object is made by one function and freed by its own: temper_governor_free, temper_request_free,
 * temper_decision_free, temper_score_free, temper_string_free. Passing NULL to a free function does nothing.
 *
 * Errors. Every function that can fail returns a temper_status; TEMPER_OK is 0. On failure the out-parameter is
 * set to NULL and temper_last_error() gives a one-line message naming the input and, where it has them, the JSON
 * path or YAML line:column ("request: audio.volume: expected a number").
 *
 * Threads. A temper_governor may be used from any number of threads at once: deciding, scoring, setting and
 * reading the condition are each atomic. Requests, decisions and scores never change after they are made, so any
 * thread may read them; free each exactly once, when no other thread is using it. temper_last_error() is per
 * thread. temper_run_scenario() blocks the calling thread until the simulation ends (it runs on the Swift
 * runtime's own threads); do not call it from a signal handler.
 *
 * Live players (temper_player_*) run on a governor of their own inside the handle, on CLOCK_MONOTONIC: each
 * call waits for it, so keep them off a thread that must never block for microseconds.
 */
#ifndef TEMPER_H
#define TEMPER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI this header describes. It changes only when a function's signature or meaning changes or one is
 * removed (the library's soname, libtemper.so.N, changes with it); new functions do not change it. */
#define TEMPER_ABI_VERSION 1

/* The ABI of the library loaded at run time: compare with TEMPER_ABI_VERSION. */
uint32_t temper_abi_version(void);

/* Temper's release, "MAJOR.MINOR.PATCH" (the same as `temper --version`); a static string, never freed. */
const char *temper_version(void);

typedef enum temper_status {
    TEMPER_OK = 0,
    /* A required pointer was NULL, or text was not UTF-8. */
    TEMPER_ERROR_ARGUMENT = 1,
    /* No policy or device profile of that name. */
    TEMPER_ERROR_UNKNOWN_NAME = 2,
    /* The policy's YAML is malformed or breaks a rule. */
    TEMPER_ERROR_POLICY = 3,
    /* The device profile's YAML is malformed or breaks a rule. */
    TEMPER_ERROR_DEVICE = 4,
    /* The pattern cannot be read (not a format Temper reads, malformed, too large). */
    TEMPER_ERROR_PATTERN = 5,
    /* The request's JSON is malformed or not a request. */
    TEMPER_ERROR_REQUEST = 6,
    /* The condition is not TIER[,low-power]. */
    TEMPER_ERROR_CONDITION = 7,
    /* The scenario's YAML is malformed, or a file it names is missing or broken. */
    TEMPER_ERROR_SCENARIO = 8,
    /* A file cannot be read. */
    TEMPER_ERROR_FILE = 9,
    /* A fault inside the library (please report it). */
    TEMPER_ERROR_INTERNAL = 10,
    /* A player's parameter is out of range, or its handle is not live. */
    TEMPER_ERROR_PLAYER = 11,
    /* Too many live players (256 a governor): stop one first. */
    TEMPER_ERROR_LIMIT = 12,
    /* A trace is malformed, or the traces cannot determine the figures (too short, no power, constant power). */
    TEMPER_ERROR_CALIBRATION = 13
} temper_status;

/* The message of the last call that failed on this thread ("" when none has). Valid until the next failing call
 * on this thread; never freed by the caller. */
const char *temper_last_error(void);

/* The status's name, e.g. "TEMPER_ERROR_REQUEST"; a static string. */
const char *temper_status_name(temper_status status);

/* Frees a string the library returned through a char ** out-parameter. */
void temper_string_free(char *string);

/* ---- Governor: a policy, a device profile and a condition ---------------------------------------------------- */

typedef struct temper_governor temper_governor;

/* A governor from a policy and a device profile, each a name (a built-in one: policies default, phone, handheld;
 * profiles phone, gamepad, headphones; or one of yours, found as `temper` finds it: $TEMPER_HOME,
 * ~/.config/temper, /etc/temper) or a path to a YAML file. NULL takes the policy named default and the profile
 * phone. The condition starts at nominal. */
temper_status temper_governor_new(const char *policy, const char *device, temper_governor **out);

/* The same from YAML text: a policy document and a device profile document (NUL-terminated, UTF-8). NULL takes
 * the built-in default policy or phone profile. */
temper_status temper_governor_new_from_yaml(const char *policy_yaml, const char *device_yaml, temper_governor **out);

void temper_governor_free(temper_governor *governor);

/* Forces the condition requests are decided under: "TIER" or "TIER,low-power", TIER one of nominal, fair,
 * serious, critical (as `temper rewrite --condition`). */
temper_status temper_governor_set_condition(temper_governor *governor, const char *condition);

/* The condition as JSON ({"tier": "serious", "lowPower": false, "reasons": []}); free with temper_string_free. */
temper_status temper_governor_condition_json(const temper_governor *governor, char **json);

/* ---- Requests and decisions ----------------------------------------------------------------------------------- */

typedef struct temper_request temper_request;
typedef struct temper_decision temper_decision;

typedef enum temper_outcome {
    /* Played as asked. */
    TEMPER_OUTCOME_PASS = 0,
    /* Played in a cheaper form of the same kind. */
    TEMPER_OUTCOME_REWRITTEN = 1,
    /* A custom pattern's haptics replaced by a system feedback. */
    TEMPER_OUTCOME_FALLBACK = 2,
    /* Not played. */
    TEMPER_OUTCOME_DROPPED = 3
} temper_outcome;

/* Reads one request from JSON (`length` bytes; the format of Examples/requests and `temper rewrite --request`).
 * Parse a request once and decide it as often as it is played: deciding does no JSON. A request may name its
 * pattern by {"file": …} only when `base_directory` is given; the file must be inside it. */
temper_status temper_request_new(const char *json, size_t length, const char *base_directory, temper_request **out);

void temper_request_free(temper_request *request);

/* Decides `request` under the governor's condition, as `temper rewrite --request FILE --condition C` decides it:
 * the condition's rules, the energy budget's window as if fresh, and the request priced on its own. */
temper_status temper_decide(const temper_governor *governor, const temper_request *request, temper_decision **out);

void temper_decision_free(temper_decision *decision);

temper_outcome temper_decision_outcome(const temper_decision *decision);

/* The energy the request would have used as asked, and what plays instead, in millijoules. */
double temper_decision_energy_before_millijoules(const temper_decision *decision);
double temper_decision_energy_after_millijoules(const temper_decision *decision);

/* The whole decision as JSON, as `temper rewrite --json` prints it: outcome, the request that plays, each rule
 * with its reason, energies, condition. Made on demand; free with temper_string_free. */
temper_status temper_decision_json(const temper_decision *decision, char **json);

/* ---- Scoring patterns ----------------------------------------------------------------------------------------- */

typedef struct temper_score temper_score;

/* Scores a pattern held in memory on the governor's device profile, as `temper score` scores a file: any format
 * Temper reads (AHAP, Meta .haptic and .vij, Android XML and JSON, rumble, feedbackd), detected from `name`'s
 * extension and then from the content. `name` (may be NULL) only names the pattern in messages and JSON. An
 * AHAP's audio waveforms (EventWaveformPath) are not looked up from memory: they are costed as their
 * EventDuration, as `temper score` costs a missing one; use temper_score_file for a pattern with waveforms. */
temper_status temper_score_bytes(const temper_governor *governor, const uint8_t *bytes, size_t length, const char *name,
                                 temper_score **out);

/* Scores a pattern file, exactly as `temper score PATH` does (waveforms beside it included). */
temper_status temper_score_file(const temper_governor *governor, const char *path, temper_score **out);

void temper_score_free(temper_score *score);

/* What the pattern costs on the device, in millijoules, unrounded (`temper score` prints six significant digits). */
double temper_score_energy_millijoules(const temper_score *score);
double temper_score_duration_seconds(const temper_score *score);
double temper_score_peak_milliwatts(const temper_score *score);

/* The pattern's entry of `temper score --format json` (rounded as it rounds): energy, breakdown, events,
 * warnings. Free with temper_string_free. */
temper_status temper_score_json(const temper_score *score, char **json);

/* ---- Simulation ----------------------------------------------------------------------------------------------- */

/* Runs a scenario (YAML text, `length` bytes) with its policy and once with the policy off, as `temper simulate`
 * does, and returns the result as `temper simulate --json` prints it. `file` (may be NULL) names the scenario in
 * messages, and the patterns and request files the scenario names are read relative to its folder (the working
 * directory when NULL). Blocks until both runs end: about half a second for a simulated hour. */
temper_status temper_run_scenario(const char *yaml, size_t length, const char *file, char **summary_json);

/* The same with `temper simulate`'s options: `device` and `policy` (names or paths, relative to the working
 * directory; NULL: the scenario's), `seed` (NULL: the scenario's) and, when `sensitivity` is non-zero, the reruns
 * with each assumed thermal figure moved ±30 % (--sensitivity; the JSON's "sensitivity"). As
 * `temper simulate --device D --policy P --seed S [--sensitivity] --json` prints it. */
temper_status temper_simulate(const char *yaml, size_t length, const char *file, const char *device, const char *policy,
                              const uint64_t *seed, int sensitivity, char **summary_json);

/* ---- Calibration -------------------------------------------------------------------------------------------- */

/* Fits a device profile's thermal section to `trace_count` recorded traces (paths of files `temper record` or
 * `temper simulate --record-trace` wrote), as `temper calibrate thermal TRACE... --json` does, and returns what it
 * prints: each fitted key as {value, low, high} (95 % intervals), rmseCelsius, goodnessOfFit and warnings.
 * `device` is the profile to start from (a name or a path; NULL: phone); `ambient` the room's temperature as
 * `--ambient` takes it ("24", "24±0.5"; NULL: fitted from the traces); `internal_sensor`, `skin_sensor` and
 * `power` choose the readings as --internal, --skin and --power do (NULL: "internal", "skin", an energy counter
 * if any). `profile_yaml` (may be NULL) gets what --out writes: the base profile with the fitted thermal section,
 * each number marked `fitted:`. Lines a trace skipped (a torn last line, which the command prints as warnings) are
 * not reported. Blocks until the fit ends: seconds for a long trace. Free both strings with temper_string_free. */
temper_status temper_calibrate_thermal(const char *const *traces, size_t trace_count, const char *device,
                                       const char *ambient, const char *internal_sensor, const char *skin_sensor,
                                       const char *power, char **fit_json, char **profile_yaml);

/* ---- Live players --------------------------------------------------------------------------------------------- */

/* A live player is feedback with no fixed end whose parameters the program changes while it plays: a continuous
 * haptic (an engine's rumble that follows the throttle) or a pattern that loops, with an optional sound. The
 * governor clamps each start, each update and each change of condition to the tier's rules and the energy budget,
 * and charges what the player plays as it plays. Players see each other and share the governor's budget; one-shot
 * decisions (temper_decide) stay `temper rewrite`'s, priced on their own. docs/c-api.md has an example. */

typedef enum temper_player_outcome {
    /* Plays as asked. */
    TEMPER_PLAYER_PLAYING = 0,
    /* Plays, capped or scaled by the rules. */
    TEMPER_PLAYER_CLAMPED = 1,
    /* Lives, but nothing plays (a tier that allows nothing of it, the budget spent); it plays again when allowed. */
    TEMPER_PLAYER_SILENCED = 2,
    /* Not started: nothing of it may play under the condition. The handle is not live. */
    TEMPER_PLAYER_REFUSED = 3,
    /* Ended; the handle is no longer live. */
    TEMPER_PLAYER_STOPPED = 4
} temper_player_outcome;

/* What a player plays after a call: the values to play, not the ones asked for. */
typedef struct temper_player_state {
    uint64_t handle;
    int32_t outcome; /* a temper_player_outcome */
    double intensity;
    double sharpness;
    double volume;
    /* When a rumble cap ends the haptics, in seconds on the governor's clock (CLOCK_MONOTONIC, counted from the
     * governor's making); NaN when they play on. */
    double haptics_end_seconds;
    /* The energy the player has been charged so far. */
    double charged_millijoules;
} temper_player_state;

/* Starts a player described by JSON (`length` bytes: {"id", "usage", "intensity", and optionally "sharpness",
 * "volume", an "audio" cue, or a "haptic" pattern with "loopSeconds" to loop it; as serve's StartPlayer). `state`
 * gets the handle and what plays (outcome TEMPER_PLAYER_REFUSED keeps no player). `decision_json` (may be NULL)
 * gets the whole decision with its reasons; free it with temper_string_free. */
temper_status temper_player_start(temper_governor *governor, const char *player_json, size_t length,
                                  temper_player_state *state, char **decision_json);

/* Asks a live player to play these values (each 0 to 1) from now; `state` (may be NULL) gets what will play. */
temper_status temper_player_update(temper_governor *governor, uint64_t handle, double intensity, double sharpness,
                                   double volume, temper_player_state *state, char **decision_json);

/* How a live player plays now and what it has been charged. */
temper_status temper_player_query(temper_governor *governor, uint64_t handle, temper_player_state *state,
                                  char **decision_json);

/* Stops a live player, charging what it played. TEMPER_ERROR_PLAYER when the handle is not live. */
temper_status temper_player_stop(temper_governor *governor, uint64_t handle, temper_player_state *state,
                                 char **decision_json);

/* Told when the governor changes what a player plays without its owner asking: a new condition
 * (temper_governor_set_condition re-clamps every live player at once), the budget running out or coming back.
 * `decision_json` is the decision (as temper_player_start gives it, on one line), valid during the call only. */
typedef void (*temper_player_callback)(uint64_t handle, const char *decision_json, void *context);

/* Sets the callback (NULL removes it). It is called on the thread whose temper_* call caused the change, before
 * that call returns, so it may call back into the library. */
temper_status temper_player_set_callback(temper_governor *governor, temper_player_callback callback, void *context);

#ifdef __cplusplus
}
#endif

#endif /* TEMPER_H */
