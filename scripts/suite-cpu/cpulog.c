// Loaded into every process of a test run (LD_PRELOAD, by scripts/suite-cpu.sh): at exit, appends the process's
// CPU time (user + system, from getrusage), its wall time and its command line to $CPULOG_PATH, so a run's CPU can
// be split by what spent it. A process killed by a signal writes nothing.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static struct timespec started;

__attribute__((constructor)) static void begin(void) { clock_gettime(CLOCK_MONOTONIC, &started); }

__attribute__((destructor)) static void finish(void) {
  const char *path = getenv("CPULOG_PATH");
  if (!path) return;
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  char command[600];
  ssize_t length = 0;
  int cmdline = open("/proc/self/cmdline", O_RDONLY);
  if (cmdline >= 0) {
    length = read(cmdline, command, sizeof command - 1);
    close(cmdline);
  }
  if (length < 0) length = 0;
  command[length] = 0;
  for (ssize_t i = 0; i < length; i++)
    if (command[i] == 0 || command[i] == '\n' || command[i] == '\t') command[i] = ' ';
  double cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
  double wall = (now.tv_sec - started.tv_sec) + (now.tv_nsec - started.tv_nsec) / 1e9;
  char line[800];
  int size = snprintf(line, sizeof line, "%.3f\t%.3f\t%s\n", cpu, wall, command);
  if (size > (int)sizeof line - 1) size = sizeof line - 1;
  int log = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (log >= 0) {
    (void)!write(log, line, size);
    close(log);
  }
}
