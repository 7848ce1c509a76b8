/* binding_overhead baseline: the reference widget tree in plain C.
 * Benchmarks/swift/binding/main.swift builds the same tree through GtkKit. On the window's
 * first after-paint each program prints its PSS (/proc/self/smaps_rollup) and the time since
 * the driver's timestamp taken just before exec (TESSERA_BENCH_T0, bash $EPOCHREALTIME). */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *tree_css =
    ".header { font-size: 28px; font-weight: bold; padding: 12px; }\n"
    ".service { min-height: 64px; border-radius: 12px; font-size: 20px; }\n"
    ".service:active { background: #1c5fb8; color: white; }\n"
    ".page { font-size: 18px; }\n";

static gboolean painted = FALSE;
static int clicks = 0;

/* A field of /proc/self/smaps_rollup in KiB ("Pss:", "Rss:"), -1 if unreadable. */
static long rollup_kib(const char *field) {
    FILE *file = fopen("/proc/self/smaps_rollup", "r");
    char line[256];
    long value = -1;
    if (file == NULL) return -1;
    while (fgets(line, sizeof line, file) != NULL) {
        if (strncmp(line, field, strlen(field)) == 0) { value = strtol(line + strlen(field), NULL, 10); break; }
    }
    fclose(file);
    return value;
}

static double microseconds_since_exec(void) {
    const char *start = getenv("TESSERA_BENCH_T0");
    struct timespec now;
    if (start == NULL) return -1;
    clock_gettime(CLOCK_REALTIME, &now);
    return ((double)now.tv_sec + now.tv_nsec / 1e9 - strtod(start, NULL)) * 1e6;
}

static void on_after_paint(GdkFrameClock *clock, gpointer data) {
    (void)data;
    if (painted) return;
    painted = TRUE;
    double startup = microseconds_since_exec();
    long pss = rollup_kib("Pss:"), rss = rollup_kib("Rss:");
    printf("pss_kib=%ld rss_kib=%ld startup_us=%.0f\n", pss, rss, startup);
    fflush(stdout);
    (void)clock;
}

static void on_clicked(GtkButton *button, gpointer data) { (void)button; (void)data; clicks++; }

static void on_parsing_error(GtkCssProvider *provider, GtkCssSection *section, GError *error, gpointer data) {
    const GtkCssLocation *location = gtk_css_section_get_start_location(section);
    (void)provider; (void)data;
    g_warning("CSS %zu:%zu: %s", location->lines + 1, location->line_chars + 1, error->message);
}

int main(void) {
    gtk_init();

    GtkCssProvider *provider = gtk_css_provider_new();
    g_signal_connect(provider, "parsing-error", G_CALLBACK(on_parsing_error), NULL);
    gtk_css_provider_load_from_data(provider, tree_css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

    GtkWidget *window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "binding_overhead");
    gtk_window_set_default_size(GTK_WINDOW(window), 800, 600);

    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    GtkWidget *header = gtk_label_new("Take a ticket");
    gtk_widget_add_css_class(header, "header");
    gtk_box_append(GTK_BOX(column), header);

    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(grid), 8);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 8);
    gtk_grid_set_column_homogeneous(GTK_GRID(grid), TRUE);
    for (int row = 0; row < 3; row++) {
        for (int col = 0; col < 4; col++) {
            char text[32];
            snprintf(text, sizeof text, "Service %d", row * 4 + col + 1);
            GtkWidget *label = gtk_label_new(text);
            GtkWidget *button = gtk_button_new();
            gtk_button_set_child(GTK_BUTTON(button), label);
            gtk_widget_add_css_class(button, "service");
            g_signal_connect(button, "clicked", G_CALLBACK(on_clicked), NULL);
            gtk_grid_attach(GTK_GRID(grid), button, col, row, 1, 1);
        }
    }
    gtk_box_append(GTK_BOX(column), grid);

    GtkWidget *stack = gtk_stack_new();
    gtk_stack_set_transition_type(GTK_STACK(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE);
    GtkWidget *start_page = gtk_label_new("Welcome");
    GtkWidget *ticket_page = gtk_label_new("Your ticket: C012");
    gtk_widget_add_css_class(start_page, "page");
    gtk_widget_add_css_class(ticket_page, "page");
    gtk_stack_add_named(GTK_STACK(stack), start_page, "start");
    gtk_stack_add_named(GTK_STACK(stack), ticket_page, "ticket");
    gtk_stack_set_visible_child_name(GTK_STACK(stack), "start");
    gtk_box_append(GTK_BOX(column), stack);

    GtkWidget *overlay = gtk_overlay_new();
    GtkWidget *busy_button = gtk_button_new_with_label("Printing…");
    GtkWidget *spinner = gtk_spinner_new();
    gtk_spinner_set_spinning(GTK_SPINNER(spinner), TRUE);
    gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER);
    gtk_overlay_set_child(GTK_OVERLAY(overlay), busy_button);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), spinner);
    gtk_box_append(GTK_BOX(column), overlay);

    gtk_window_set_child(GTK_WINDOW(window), column);
    gtk_window_present(GTK_WINDOW(window));
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(on_after_paint), NULL);

    while (!painted) g_main_context_iteration(NULL, TRUE);

    gtk_window_destroy(GTK_WINDOW(window));
    g_object_unref(provider);
    return clicks;  /* 0: nobody clicks during the benchmark */
}
