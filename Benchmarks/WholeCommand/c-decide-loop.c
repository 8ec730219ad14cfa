/*
 * The shipped libtemper deciding one request again and again from a C loop, as a program at frame rate does:
 * temper_decide on a request parsed once, the outcome read, the decision freed. Prints microseconds a decision.
 *
 *   cc -O2 Benchmarks/WholeCommand/c-decide-loop.c $(pkg-config --cflags --libs temper) -o c-decide-loop
 *   ./c-decide-loop Examples/requests/button-impact.json nominal 3000000
 *   ./c-decide-loop Examples/requests/ring-explosion-haptic.json serious 300000
 *
 * Compare with CAPIBenchmarks' Swift.* (the same decisions through Rewriter.decide) in the same minutes. The
 * benchmark's own C.* run a SwiftPM-built copy of the library, not the one `make install` ships.
 */
#include <stdio.h>
#include <stdlib.h>
#include <temper.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: c-decide-loop REQUEST CONDITION COUNT\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 1; }
    static char json[1 << 20];
    size_t length = fread(json, 1, sizeof json, file);
    fclose(file);
    temper_governor *governor = NULL;
    temper_request *request = NULL;
    if (temper_governor_new(NULL, NULL, &governor) != TEMPER_OK ||
        temper_governor_set_condition(governor, argv[2]) != TEMPER_OK ||
        temper_request_new(json, length, NULL, &request) != TEMPER_OK) {
        fprintf(stderr, "c-decide-loop: %s\n", temper_last_error());
        return 1;
    }
    long count = atol(argv[3]);
    long dropped = 0;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < count; i++) {
        temper_decision *decision = NULL;
        temper_decide(governor, request, &decision);
        dropped += temper_decision_outcome(decision) == TEMPER_OUTCOME_DROPPED;
        temper_decision_free(decision);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%.3f µs a decision (%ld decisions, %ld dropped)\n", seconds / (double)count * 1e6, count, dropped);
    temper_request_free(request);
    temper_governor_free(governor);
    return 0;
}
