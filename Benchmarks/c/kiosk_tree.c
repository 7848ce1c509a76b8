/* app_overhead baseline: `tessera kiosk`'s window in plain C, on the same queue database.
 * Usage: kiosk_tree DATABASE STYLESHEET (the CSS `tessera gallery --print-css` prints).
 * It opens the database as the store does (WAL, synchronous FULL, foreign keys, the format
 * check), reads the services' names from the stored configuration and the waiting counts, then
 * builds the widget tree tessera builds for the kiosk role: a window holding a stack of two
 * pages (welcome; kiosk), the kiosk page a stack of two pages (three big service buttons with
 * the prompt and a notice row; the ticket page's labels and its Done button), each button made
 * as TesseraStyle makes one (box > overlay > button with label + hidden spinner cover, and a
 * hidden caption label). On the first frame after the kiosk page is shown it prints its PSS
 * and RSS (/proc/self/smaps_rollup) and the time since the driver's timestamp taken just
 * before exec (TESSERA_BENCH_T0), as tessera does (Sources/TesseraApp/FirstFrameReport.swift). */
#include <gtk/gtk.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static gboolean painted = FALSE;

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
    (void)clock; (void)data;
    if (painted) return;
    painted = TRUE;
    double startup = microseconds_since_exec();
    long pss = rollup_kib("Pss:"), rss = rollup_kib("Rss:");
    printf("pss_kib=%ld rss_kib=%ld startup_us=%.0f\n", pss, rss, startup);
    fflush(stdout);
}

static GtkWidget *label_with_class(const char *text, const char *css_class) {
    GtkWidget *label = gtk_label_new(text);
    if (css_class != NULL) gtk_widget_add_css_class(label, css_class);
    return label;
}

/* A StyledButton: box > (overlay > button > label, cover box > spinner + label), caption. */
static GtkWidget *styled_button(const char *text, const char *style) {
    GtkWidget *widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *overlay = gtk_overlay_new();
    GtkWidget *button = gtk_button_new();
    gtk_button_set_child(GTK_BUTTON(button), gtk_label_new(text));
    gtk_widget_add_css_class(button, "tessera-button");
    gtk_widget_add_css_class(button, style);
    gtk_widget_add_css_class(button, "tessera-kiosk");
    GtkWidget *cover = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_add_css_class(cover, "tessera-loading-cover");
    gtk_box_append(GTK_BOX(cover), gtk_spinner_new());
    gtk_box_append(GTK_BOX(cover), gtk_label_new(NULL));
    gtk_widget_set_visible(cover, FALSE);
    gtk_overlay_set_child(GTK_OVERLAY(overlay), button);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), cover);
    gtk_box_append(GTK_BOX(widget), overlay);
    GtkWidget *caption = label_with_class(NULL, "tessera-caption");
    gtk_widget_set_visible(caption, FALSE);
    gtk_box_append(GTK_BOX(widget), caption);
    gtk_widget_set_size_request(widget, 280, -1);
    return widget;
}

/* The services' names from the stored configuration (format 2 or later: its shape is the same), in code order. */
static int read_services(sqlite3 *db, char names[][128], int capacity) {
    sqlite3_stmt *statement;
    int count = 0;
    if (sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;",
                     NULL, NULL, NULL) != SQLITE_OK) return -1;
    if (sqlite3_prepare_v2(db, "SELECT value FROM settings WHERE key = 'format'", -1, &statement, NULL) != SQLITE_OK)
        return -1;
    int format_ok = sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_int(statement, 0) >= 2;
    sqlite3_finalize(statement);
    if (!format_ok) return -1;
    if (sqlite3_prepare_v2(db,
            "SELECT s.value ->> '$.name', (SELECT count(*) FROM tickets t WHERE t.service = s.value ->> '$.code'"
            " AND t.state = 'waiting') FROM settings, json_each(settings.value, '$.services') AS s"
            " WHERE settings.key = 'configuration' ORDER BY s.value ->> '$.code'",
            -1, &statement, NULL) != SQLITE_OK) return -1;
    while (count < capacity && sqlite3_step(statement) == SQLITE_ROW) {
        snprintf(names[count], sizeof names[count], "%s", (const char *)sqlite3_column_text(statement, 0));
        count++;
    }
    sqlite3_finalize(statement);
    return count;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: kiosk_tree DATABASE STYLESHEET\n"); return 2; }
    gtk_init();
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_path(provider, argv[2]);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

    GtkWidget *window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "Tessera");
    gtk_window_set_default_size(GTK_WINDOW(window), 1280, 800);
    GtkWidget *screens = gtk_stack_new();
    gtk_stack_set_transition_type(GTK_STACK(screens), GTK_STACK_TRANSITION_TYPE_CROSSFADE);
    GtkWidget *welcome = gtk_box_new(GTK_ORIENTATION_VERTICAL, 16);
    gtk_box_append(GTK_BOX(welcome), label_with_class("Tessera", "title-1"));
    gtk_box_append(GTK_BOX(welcome), label_with_class("Ticket queue — kiosk", "dim-label"));
    gtk_stack_add_titled(GTK_STACK(screens), welcome, "welcome", "Welcome");
    gtk_window_set_child(GTK_WINDOW(window), screens);
    gtk_window_present(GTK_WINDOW(window));

    sqlite3 *db;
    char names[3][128];
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) return 3;
    int services = read_services(db, names, 3);
    if (services < 0) { fprintf(stderr, "kiosk_tree: %s: %s\n", argv[1], sqlite3_errmsg(db)); return 3; }

    GtkWidget *kiosk = gtk_stack_new();
    gtk_stack_set_transition_type(GTK_STACK(kiosk), GTK_STACK_TRANSITION_TYPE_CROSSFADE);
    GtkWidget *choose = gtk_box_new(GTK_ORIENTATION_VERTICAL, 32);
    gtk_widget_set_valign(choose, GTK_ALIGN_CENTER);
    gtk_widget_set_halign(choose, GTK_ALIGN_CENTER);
    gtk_box_append(GTK_BOX(choose), label_with_class("Take a ticket", "title-1"));
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 24);
    gtk_box_set_homogeneous(GTK_BOX(row), TRUE);
    for (int i = 0; i < services; i++) gtk_box_append(GTK_BOX(row), styled_button(names[i], "tessera-primary"));
    gtk_box_append(GTK_BOX(choose), row);
    GtkWidget *notice = gtk_label_new(NULL);
    gtk_label_set_wrap(GTK_LABEL(notice), TRUE);
    gtk_label_set_justify(GTK_LABEL(notice), GTK_JUSTIFY_CENTER);
    gtk_widget_set_visible(notice, FALSE);
    gtk_box_append(GTK_BOX(choose), notice);
    GtkWidget *ticket = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_widget_set_valign(ticket, GTK_ALIGN_CENTER);
    gtk_widget_set_halign(ticket, GTK_ALIGN_CENTER);
    gtk_box_append(GTK_BOX(ticket), gtk_label_new("Your number"));
    gtk_box_append(GTK_BOX(ticket), gtk_label_new(NULL));
    gtk_box_append(GTK_BOX(ticket), label_with_class(NULL, "title-2"));
    gtk_box_append(GTK_BOX(ticket), label_with_class(NULL, "title-4"));
    GtkWidget *done = styled_button("Done", "tessera-secondary");
    gtk_widget_set_halign(done, GTK_ALIGN_CENTER);
    gtk_widget_set_margin_top(done, 24);
    gtk_box_append(GTK_BOX(ticket), done);
    gtk_stack_add_titled(GTK_STACK(kiosk), choose, "services", "Take a ticket");
    gtk_stack_add_titled(GTK_STACK(kiosk), ticket, "ticket", "Your ticket");
    gtk_stack_set_visible_child_name(GTK_STACK(kiosk), "services");
    GtkWidget *page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_set_vexpand(kiosk, TRUE);
    gtk_box_append(GTK_BOX(page), kiosk);
    gtk_stack_add_titled(GTK_STACK(screens), page, "kiosk", "Kiosk");
    gtk_stack_set_visible_child_name(GTK_STACK(screens), "kiosk");
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(on_after_paint), NULL);

    while (!painted) g_main_context_iteration(NULL, TRUE);

    gtk_window_destroy(GTK_WINDOW(window));
    sqlite3_close(db);
    g_object_unref(provider);
    return 0;
}
