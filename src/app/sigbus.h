/*
 * app/sigbus: the one-shot command line maps ROMs instead of reading them
 * (z3_rom_load_mapped: no 1-16 MiB copy per process). The price of a mapping is
 * SIGBUS when another program truncates the file while a command reads it; this
 * turns that into an error message and exit code 3, as a failed read would give.
 */
#ifndef Z3_APP_SIGBUS_H
#define Z3_APP_SIGBUS_H

/* Installs the SIGBUS handler, then lets commands map their ROM (only if it is installed). */
void z3_app_map_roms(void);

#endif
