/* binding_overhead diagnostics (Benchmarks/binding_overhead.sh with BINDING_OVERHEAD_ATTRIBUTE=1).
 * Preloaded (LD_PRELOAD) into both benchmark programs; never loaded for the measured runs.
 *
 * Both programs open /proc/self/smaps_rollup on their first after-paint. At that moment the
 * probe first writes, to files named $BINDING_PROBE_OUT.<kind>:
 *   .smaps     a copy of /proc/self/smaps (every mapping's Rss, Pss, Private_Dirty, Anonymous…)
 *   .threads   the name of every thread (/proc/self/task/<tid>/comm)
 *   .resident  the file offsets of the executable's pages that are mapped (/proc/self/pagemap)
 * With BINDING_PROBE_TOUCH=1 it also writes
 *   .touched   the file offsets of the executable's pages the program really reads or runs after
 *              the preloaded library's constructor: every mapping of the executable is made
 *              inaccessible and each page is given back on its first fault. This splits the
 *              mappings into one-page areas, so the kernel's fault-around (which maps up to
 *              64 KiB of cached neighbours on each fault) cannot happen in that run: compare
 *              .touched with .resident of a normal run to see what fault-around adds. The memory
 *              figures of a touch run are therefore not representative. */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct area { uintptr_t start, end, offset; int protection; };
static struct area areas[32];
static int area_count;
static uintptr_t touched[1 << 16];
static volatile int touched_count;

/* The executable's own mappings, from /proc/self/maps. */
static void find_executable_areas(FILE *(*open_file)(const char *, const char *)) {
    char self[4096], line[4096 + 128];
    ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0) return;
    self[length] = '\0';
    FILE *maps = open_file("/proc/self/maps", "r");
    if (maps == NULL) return;
    while (area_count < 32 && fgets(line, sizeof line, maps) != NULL) {
        unsigned long start, end, offset;
        char permissions[8];
        char *path = strchr(line, '/');
        if (path == NULL || strncmp(path, self, (size_t)length) != 0 || path[length] != '\n') continue;
        if (sscanf(line, "%lx-%lx %7s %lx", &start, &end, permissions, &offset) != 4) continue;
        areas[area_count++] = (struct area){start, end, offset,
            (permissions[0] == 'r' ? PROT_READ : 0) | (permissions[1] == 'w' ? PROT_WRITE : 0) |
            (permissions[2] == 'x' ? PROT_EXEC : 0)};
    }
    fclose(maps);
}

/* SIGSEGV on a protected page: give the page its protection back and note it (async-signal-safe). */
static void on_fault(int signal_number, siginfo_t *info, void *context) {
    uintptr_t page = (uintptr_t)info->si_addr & ~(uintptr_t)4095;
    (void)context;
    for (int i = 0; i < area_count; i++) {
        if (page < areas[i].start || page >= areas[i].end) continue;
        mprotect((void *)page, 4096, areas[i].protection);
        if (touched_count < (1 << 16)) touched[touched_count++] = page - areas[i].start + areas[i].offset;
        return;
    }
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

__attribute__((constructor)) static void start_touch_tracing(void) {
    if (getenv("BINDING_PROBE_OUT") == NULL || getenv("BINDING_PROBE_TOUCH") == NULL) return;
    find_executable_areas(fopen);
    struct sigaction action = {0};
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigaction(SIGSEGV, &action, NULL);
    for (int i = 0; i < area_count; i++) mprotect((void *)areas[i].start, areas[i].end - areas[i].start, PROT_NONE);
}

/* Copies `from` to the file `to`, or appends it to `sink` when `to` is NULL. */
static void copy_file(FILE *(*open_file)(const char *, const char *), const char *from, const char *to, FILE *sink) {
    char buffer[65536];
    size_t count;
    FILE *in = open_file(from, "r"), *out = to != NULL ? open_file(to, "w") : sink;
    if (in != NULL && out != NULL) {
        while ((count = fread(buffer, 1, sizeof buffer, in)) > 0) fwrite(buffer, 1, count, out);
    }
    if (in != NULL) fclose(in);
    if (to != NULL && out != NULL) fclose(out);
}

static void save_state(FILE *(*open_file)(const char *, const char *), const char *prefix) {
    char path[4096];
    snprintf(path, sizeof path, "%s.smaps", prefix);
    copy_file(open_file, "/proc/self/smaps", path, NULL);

    snprintf(path, sizeof path, "%s.threads", prefix);
    FILE *out = open_file(path, "w");
    DIR *tasks = opendir("/proc/self/task");
    struct dirent *task;
    while (out != NULL && tasks != NULL && (task = readdir(tasks)) != NULL) {
        if (task->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "/proc/self/task/%s/comm", task->d_name);
        copy_file(open_file, path, NULL, out);
    }
    if (tasks != NULL) closedir(tasks);
    if (out != NULL) fclose(out);

    if (area_count == 0) find_executable_areas(open_file);
    snprintf(path, sizeof path, "%s.resident", prefix);
    out = open_file(path, "w");
    FILE *pagemap = open_file("/proc/self/pagemap", "r");
    for (int i = 0; out != NULL && pagemap != NULL && i < area_count; i++) {
        for (uintptr_t page = areas[i].start; page < areas[i].end; page += 4096) {
            uint64_t entry = 0;
            if (fseek(pagemap, (long)(page / 4096 * 8), SEEK_SET) != 0 || fread(&entry, 8, 1, pagemap) != 1) break;
            if (entry >> 63) fprintf(out, "%lx\n", (unsigned long)(page - areas[i].start + areas[i].offset));
        }
    }
    if (pagemap != NULL) fclose(pagemap);
    if (out != NULL) fclose(out);

    if (getenv("BINDING_PROBE_TOUCH") == NULL) return;
    snprintf(path, sizeof path, "%s.touched", prefix);
    out = open_file(path, "w");
    for (int i = 0; out != NULL && i < touched_count; i++) fprintf(out, "%lx\n", (unsigned long)touched[i]);
    if (out != NULL) fclose(out);
}

FILE *fopen(const char *path, const char *mode) {
    static FILE *(*real_fopen)(const char *, const char *);
    static int saved;
    if (real_fopen == NULL) real_fopen = (FILE *(*)(const char *, const char *))dlsym(RTLD_NEXT, "fopen");
    const char *prefix = getenv("BINDING_PROBE_OUT");
    if (!saved && prefix != NULL && strcmp(path, "/proc/self/smaps_rollup") == 0) {
        saved = 1;
        save_state(real_fopen, prefix);
    }
    return real_fopen(path, mode);
}
