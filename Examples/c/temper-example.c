/*
 * libtemper from C: score patterns, decide a request under a forced condition, run a scenario, drive a live
 * player.
 *
 *   cc temper-example.c $(pkg-config --cflags --libs temper) -o temper-example
 *   ./temper-example score Examples/patterns/ui-tap.ahap Examples/formats/pulse.xml
 *   ./temper-example score-file Examples/patterns/shockwave-audio.ahap
 *   ./temper-example decide serious Examples/requests/ring-explosion-haptic.json
 *   ./temper-example simulate Examples/scenarios/commute-battery.yaml
 *   ./temper-example player Examples/players/engine.json
 *
 * score prints each pattern's energy in millijoules as `temper score` computes it (from the file's bytes;
 * score-file lets the library read the file, waveforms beside it included); decide prints the outcome and the
 * energy that plays, as `temper rewrite --request FILE --condition TIER` decides; simulate prints the result of
 * `temper simulate --json`; player starts a live player at nominal, turns it up, forces serious (the callback
 * prints the re-clamp), turns it up again and stops it, printing what plays after each step. Exit status 0, or 1
 * with libtemper's message on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <temper.h>

static const char *outcome_names[] = {"pass", "rewritten", "fallback", "dropped"};

/* The whole file in memory; NULL when it cannot be read. */
static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    char *bytes = NULL;
    size_t size = 0, capacity = 0, got;
    do {
        if (size == capacity) {
            capacity = capacity ? capacity * 2 : 65536;
            char *grown = realloc(bytes, capacity + 1);
            if (!grown) { free(bytes); fclose(file); return NULL; }
            bytes = grown;
        }
        got = fread(bytes + size, 1, capacity - size, file);
        size += got;
    } while (got > 0);
    fclose(file);
    bytes[size] = '\0';
    *length = size;
    return bytes;
}

/* libtemper's message names the input and the place in it, so it is printed as it is. */
static int fail(void) {
    fprintf(stderr, "temper-example: %s\n", temper_last_error());
    return 1;
}

static int score(temper_governor *governor, int count, char **paths, int from_file) {
    for (int i = 0; i < count; i++) {
        temper_score *score = NULL;
        if (from_file) {
            if (temper_score_file(governor, paths[i], &score) != TEMPER_OK) return fail();
        } else {
            size_t length = 0;
            char *bytes = read_file(paths[i], &length);
            if (!bytes) { perror(paths[i]); return 1; }
            temper_status status = temper_score_bytes(governor, (const uint8_t *)bytes, length, paths[i], &score);
            free(bytes);
            if (status != TEMPER_OK) return fail();
        }
        printf("%s\t%.17g\n", paths[i], temper_score_energy_millijoules(score));
        temper_score_free(score);
    }
    return 0;
}

static int decide(temper_governor *governor, const char *condition, const char *path) {
    if (temper_governor_set_condition(governor, condition) != TEMPER_OK) return fail();
    size_t length = 0;
    char *json = read_file(path, &length);
    if (!json) { perror(path); return 1; }
    temper_request *request = NULL;
    temper_status status = temper_request_new(json, length, NULL, &request);
    free(json);
    if (status != TEMPER_OK) return fail();
    /* Parse once, decide as often as the request plays: each decision is a handle with accessors, no JSON. */
    temper_decision *decision = NULL;
    if (temper_decide(governor, request, &decision) != TEMPER_OK) { temper_request_free(request); return fail(); }
    printf("%s\t%.17g\n", outcome_names[temper_decision_outcome(decision)],
           temper_decision_energy_after_millijoules(decision));
    temper_decision_free(decision);
    temper_request_free(request);
    return 0;
}

static int simulate(const char *path) {
    size_t length = 0;
    char *yaml = read_file(path, &length);
    if (!yaml) { perror(path); return 1; }
    char *summary = NULL;
    temper_status status = temper_run_scenario(yaml, length, path, &summary);
    free(yaml);
    if (status != TEMPER_OK) return fail();
    puts(summary);
    temper_string_free(summary);
    return 0;
}

static const char *player_outcomes[] = {"playing", "clamped", "silenced", "refused", "stopped"};

static void print_player(const char *step, const temper_player_state *state) {
    printf("%s\t%s\t%.17g\t%.17g\t%.17g\t%.17g\n", step, player_outcomes[state->outcome], state->intensity,
           state->sharpness, state->volume, state->charged_millijoules);
}

/* Told of what the governor changed by itself: here, the re-clamp when the condition becomes serious. */
static void player_changed(uint64_t handle, const char *decision_json, void *context) {
    int *calls = context;
    *calls += 1;
    printf("callback\t%llu\t%s\n", (unsigned long long)handle, decision_json);
}

static int player(temper_governor *governor, const char *path) {
    size_t length = 0;
    char *json = read_file(path, &length);
    if (!json) { perror(path); return 1; }
    int calls = 0;
    temper_player_state state;
    if (temper_player_set_callback(governor, player_changed, &calls) != TEMPER_OK) { free(json); return fail(); }
    temper_status status = temper_player_start(governor, json, length, &state, NULL);
    free(json);
    if (status != TEMPER_OK) return fail();
    print_player("start", &state);
    uint64_t handle = state.handle;
    /* At frame rate a game would call this each frame with the throttle's value. */
    if (temper_player_update(governor, handle, 1.0, 0.3, 0.5, &state, NULL) != TEMPER_OK) return fail();
    print_player("update", &state);
    if (temper_governor_set_condition(governor, "serious") != TEMPER_OK) return fail();
    if (temper_player_update(governor, handle, 1.0, 0.3, 0.5, &state, NULL) != TEMPER_OK) return fail();
    print_player("serious", &state);
    if (temper_player_stop(governor, handle, &state, NULL) != TEMPER_OK) return fail();
    print_player("stop", &state);
    if (temper_player_stop(governor, handle, &state, NULL) != TEMPER_ERROR_PLAYER) {
        fprintf(stderr, "temper-example: a stopped player's handle was still live\n");
        return 1;
    }
    printf("callbacks\t%d\n", calls);
    return 0;
}

int main(int argc, char **argv) {
    if (temper_abi_version() != TEMPER_ABI_VERSION) {
        fprintf(stderr, "temper-example: built for ABI %d, loaded libtemper %s with ABI %u\n", TEMPER_ABI_VERSION,
                temper_version(), temper_abi_version());
        return 1;
    }
    if (argc < 3) {
        fprintf(stderr, "usage: temper-example score|score-file PATTERN... | decide CONDITION REQUEST | simulate SCENARIO\n"
                        "       temper-example player PLAYER\n");
        return 2;
    }
    if (strcmp(argv[1], "simulate") == 0) return simulate(argv[2]);
    temper_governor *governor = NULL; /* the policy named default and the phone profile */
    if (temper_governor_new(NULL, NULL, &governor) != TEMPER_OK) return fail();
    int status;
    if (strcmp(argv[1], "decide") == 0 && argc == 4) {
        status = decide(governor, argv[2], argv[3]);
    } else if (strcmp(argv[1], "player") == 0 && argc == 3) {
        status = player(governor, argv[2]);
    } else if (strcmp(argv[1], "score") == 0 || strcmp(argv[1], "score-file") == 0) {
        status = score(governor, argc - 2, argv + 2, strcmp(argv[1], "score-file") == 0);
    } else {
        fprintf(stderr, "temper-example: unknown command %s\n", argv[1]);
        status = 2;
    }
    temper_governor_free(governor);
    return status;
}
