/* gui/trace: start-up phases timed, for finding what the first frame waits on (docs/gui.md). */
#ifndef Z3_GUI_TRACE_H
#define Z3_GUI_TRACE_H

/* With YAZE_TRACE set, prints "yaze-trace MS PHASE" on stderr: milliseconds since the process
 * started (from the kernel's start time, so the dynamic loader's share is included). Otherwise
 * nothing, at the cost of one branch. */
void gui_trace(const char *phase);

#endif
