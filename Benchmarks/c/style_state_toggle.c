/* Baseline for bench-style: the same widget tree as a TesseraStyle StyledButton (box > overlay >
 * button + cover box > content box > spinner + label) and, per cycle, exactly the GTK calls
 * StyledButton makes for: style swap (destructive and back), loading on/off, disabled on/off.
 * Prints `toggle_ms <median of 5 runs of 10,000 cycles>` and `provider_reloads 0` (this program
 * loads its one stylesheet once, before timing, like the Swift side). */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>

#define CYCLES 10000
#define REPETITIONS 5

static GtkWidget *button, *cover, *spinner;

static void set_accessible_bool(GtkWidget *widget, GtkAccessibleState state, gboolean on) {
  GValue value = G_VALUE_INIT;
  g_value_init(&value, G_TYPE_BOOLEAN);
  g_value_set_boolean(&value, on);
  gtk_accessible_update_state_value(GTK_ACCESSIBLE(widget), 1, &state, &value);
  g_value_unset(&value);
}

static void set_busy(gboolean busy) {
  if (busy) gtk_widget_add_css_class(button, "tessera-loading");
  else gtk_widget_remove_css_class(button, "tessera-loading");
  gtk_widget_set_can_target(cover, busy);
  gtk_widget_set_sensitive(cover, busy);
  gtk_spinner_set_spinning(GTK_SPINNER(spinner), busy);
  set_accessible_bool(cover, GTK_ACCESSIBLE_STATE_HIDDEN, !busy);
  set_accessible_bool(button, GTK_ACCESSIBLE_STATE_BUSY, busy);
}

static void cycle(void) {
  gtk_widget_remove_css_class(button, "tessera-primary");
  gtk_widget_add_css_class(button, "tessera-destructive");
  gtk_widget_remove_css_class(button, "tessera-destructive");
  gtk_widget_add_css_class(button, "tessera-primary");
  set_busy(TRUE);
  set_busy(FALSE);
  gtk_widget_set_sensitive(button, FALSE);
  gtk_widget_set_sensitive(button, TRUE);
}

static void drain(void) {
  while (g_main_context_iteration(NULL, FALSE)) {}
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static gboolean painted;
static void on_after_paint(GdkFrameClock *clock, gpointer data) { painted = TRUE; }

int main(int argc, char **argv) {
  if (!gtk_init_check()) { fprintf(stderr, "style_state_toggle: no display\n"); return 1; }
  if (argc < 2) { fprintf(stderr, "usage: %s STYLESHEET.css\n", argv[0]); return 2; }
  GtkCssProvider *provider = gtk_css_provider_new();
  gtk_css_provider_load_from_path(provider, argv[1]);
  gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                             GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  GtkWidget *root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *overlay = gtk_overlay_new();
  button = gtk_button_new_with_label("Call next");
  gtk_widget_add_css_class(button, "tessera-button");
  gtk_widget_add_css_class(button, "tessera-primary");
  gtk_widget_add_css_class(button, "tessera-desk");
  cover = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class(cover, "tessera-loading-cover");
  GtkWidget *content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
  spinner = gtk_spinner_new();
  gtk_box_append(GTK_BOX(content), spinner);
  gtk_box_append(GTK_BOX(content), gtk_label_new(NULL));
  gtk_box_append(GTK_BOX(cover), content);
  gtk_widget_set_can_target(cover, FALSE);
  gtk_widget_set_sensitive(cover, FALSE);
  gtk_overlay_set_child(GTK_OVERLAY(overlay), button);
  gtk_overlay_add_overlay(GTK_OVERLAY(overlay), cover);
  gtk_overlay_set_measure_overlay(GTK_OVERLAY(overlay), cover, TRUE);
  gtk_box_append(GTK_BOX(root), overlay);
  gtk_box_append(GTK_BOX(root), gtk_label_new(NULL));

  GtkWidget *window = gtk_window_new();
  gtk_window_set_title(GTK_WINDOW(window), "bench-style-c");
  gtk_window_set_child(GTK_WINDOW(window), root);
  gtk_window_present(GTK_WINDOW(window));
  while (!gtk_widget_get_mapped(window)) g_main_context_iteration(NULL, TRUE);
  g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(on_after_paint), NULL);
  gtk_widget_queue_draw(window);
  while (!painted) g_main_context_iteration(NULL, TRUE);

  for (int i = 0; i < 1000; i++) cycle();  /* warm-up */
  drain();
  double timings[REPETITIONS];
  for (int r = 0; r < REPETITIONS; r++) {
    gint64 start = g_get_monotonic_time();
    for (int i = 0; i < CYCLES; i++) cycle();
    timings[r] = (g_get_monotonic_time() - start) / 1000.0;
    drain();
  }
  qsort(timings, REPETITIONS, sizeof timings[0], by_value);
  gtk_window_destroy(GTK_WINDOW(window));
  printf("toggle_ms %.3f\n", timings[REPETITIONS / 2]);
  printf("provider_reloads 0\n");
  return 0;
}
