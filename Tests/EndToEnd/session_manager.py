"""A stand-in for the desktop's session manager on the session bus (org.gnome.SessionManager,
the service GTK asks first for `gtk_application_inhibit` under X): prints `ready`, then one line
`Inhibit APP_ID TOPLEVEL_XID FLAGS REASON` per request, and answers with a cookie."""
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

INTERFACE = """<node><interface name="org.gnome.SessionManager">
  <method name="Inhibit"><arg type="s" direction="in"/><arg type="u" direction="in"/>
    <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="u" direction="out"/></method>
  <method name="Uninhibit"><arg type="u" direction="in"/></method>
</interface></node>"""
cookies = [0]


def call(connection, sender, path, interface, method, parameters, invocation):
    if method == "Inhibit":
        app_id, xid, reason, flags = parameters.unpack()
        cookies[0] += 1
        print(f"Inhibit {app_id} {xid} {flags} {reason}", flush=True)
        invocation.return_value(GLib.Variant("(u)", (cookies[0],)))
    else:
        print(f"{method} {parameters.unpack()}", flush=True)
        invocation.return_value(None)


def acquired(connection, name):
    print("ready", flush=True)


def bus_acquired(connection, name):
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
    connection.register_object("/org/gnome/SessionManager", info, call, None, None)


Gio.bus_own_name(Gio.BusType.SESSION, "org.gnome.SessionManager", Gio.BusNameOwnerFlags.NONE,
                 bus_acquired, acquired, lambda *_: sys.exit("session manager: name lost"))
GLib.MainLoop().run()
