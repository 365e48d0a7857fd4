/*
 * gui/gamepad: a gamepad read through evdev. The mapping is positional, as the
 * kernel names gamepad buttons by place (Documentation/input/gamepad.rst): the
 * bottom face button is the SNES's bottom one (B), right A, top X, left Y;
 * shoulders L and R, Select and Start; the d-pad from its buttons, the hat or
 * the left stick. The mapping function takes plain `struct input_event`s, so it
 * is tested by feeding events, with no device and no uinput.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "gui/gamepad.h"

static const struct {
  unsigned code;
  uint16_t bit;
} map[] = {
    {BTN_SOUTH, GUI_PAD_B},          {BTN_EAST, GUI_PAD_A},          {BTN_NORTH, GUI_PAD_X},
    {BTN_WEST, GUI_PAD_Y},           {BTN_TL, GUI_PAD_L},            {BTN_TR, GUI_PAD_R},
    {BTN_SELECT, GUI_PAD_SELECT},    {BTN_START, GUI_PAD_START},     {BTN_DPAD_UP, GUI_PAD_UP},
    {BTN_DPAD_DOWN, GUI_PAD_DOWN},   {BTN_DPAD_LEFT, GUI_PAD_LEFT},  {BTN_DPAD_RIGHT, GUI_PAD_RIGHT},
};

void gui_gamepad_init(gui_gamepad_state *s) {
  memset(s, 0, sizeof *s);
  s->x_min = s->y_min = -32768;
  s->x_max = s->y_max = 32767;
}

uint16_t gui_gamepad_button(unsigned code) {
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
    if (map[i].code == code) return map[i].bit;
  return 0;
}

uint16_t gui_gamepad_word(const gui_gamepad_state *s) { return (uint16_t)(s->buttons | s->hat | s->stick); }

/* The pair of d-pad bits one axis drives: `low` below the lower quarter mark, `high` above the upper. */
static uint16_t axis_bits(int value, int lo, int hi, uint16_t low, uint16_t high) {
  long span = (long)hi - lo, centre = lo + span / 2;
  if (span <= 0) return 0;
  if ((long)value - centre <= -span / 4) return low;
  if ((long)value - centre >= span / 4) return high;
  return 0;
}

uint16_t gui_gamepad_event(gui_gamepad_state *s, const struct input_event *ev) {
  if (ev->type == EV_KEY) {
    uint16_t bit = gui_gamepad_button(ev->code);
    if (ev->value) s->buttons |= bit; /* 1 pressed, 2 auto-repeat */
    else s->buttons &= (uint16_t)~bit;
  } else if (ev->type == EV_ABS) {
    switch (ev->code) {
    case ABS_HAT0X:
      s->hat = (uint16_t)((s->hat & ~(GUI_PAD_LEFT | GUI_PAD_RIGHT)) | (ev->value < 0 ? GUI_PAD_LEFT : ev->value > 0 ? GUI_PAD_RIGHT : 0));
      break;
    case ABS_HAT0Y:
      s->hat = (uint16_t)((s->hat & ~(GUI_PAD_UP | GUI_PAD_DOWN)) | (ev->value < 0 ? GUI_PAD_UP : ev->value > 0 ? GUI_PAD_DOWN : 0));
      break;
    case ABS_X:
      s->stick = (uint16_t)((s->stick & ~(GUI_PAD_LEFT | GUI_PAD_RIGHT)) |
                            axis_bits(ev->value, s->x_min, s->x_max, GUI_PAD_LEFT, GUI_PAD_RIGHT));
      break;
    case ABS_Y: /* evdev's Y grows downwards */
      s->stick = (uint16_t)((s->stick & ~(GUI_PAD_UP | GUI_PAD_DOWN)) |
                            axis_bits(ev->value, s->y_min, s->y_max, GUI_PAD_UP, GUI_PAD_DOWN));
      break;
    default:
      break;
    }
  }
  return gui_gamepad_word(s);
}

static bool has_key(int fd, unsigned code) {
  unsigned long bits[KEY_MAX / (8 * sizeof(unsigned long)) + 1];
  memset(bits, 0, sizeof bits);
  if (ioctl(fd, EVIOCGBIT(EV_KEY, sizeof bits), bits) < 0) return false;
  return (bits[code / (8 * sizeof(unsigned long))] >> (code % (8 * sizeof(unsigned long)))) & 1;
}

static int open_device(const char *path, gui_gamepad_state *s, char *name, size_t name_cap) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return -1;
  if (!has_key(fd, BTN_SOUTH)) return close(fd), -1;
  struct input_absinfo abs;
  if (ioctl(fd, EVIOCGABS(ABS_X), &abs) == 0) s->x_min = abs.minimum, s->x_max = abs.maximum;
  if (ioctl(fd, EVIOCGABS(ABS_Y), &abs) == 0) s->y_min = abs.minimum, s->y_max = abs.maximum;
  if (name_cap && ioctl(fd, EVIOCGNAME(name_cap), name) < 0) snprintf(name, name_cap, "%s", path);
  if (name_cap) name[name_cap - 1] = 0;
  return fd;
}

int gui_gamepad_open(const char *path, gui_gamepad_state *s, char *name, size_t name_cap, z3_error *err) {
  gui_gamepad_init(s);
  if (path && !strcmp(path, "none")) return z3_error_set(err, Z3_E_NOT_FOUND, "gamepad off (YAZE_GAMEPAD=none)"), -1;
  if (path) {
    int fd = open_device(path, s, name, name_cap);
    if (fd < 0) z3_error_set(err, Z3_E_IO, "'%s' is not a gamepad that can be read (%s)", path, strerror(errno ? errno : ENODEV));
    return fd;
  }
  DIR *dir = opendir("/dev/input");
  if (!dir) return z3_error_set(err, Z3_E_NOT_FOUND, "no gamepad: /dev/input cannot be read"), -1;
  int fd = -1;
  struct dirent *e;
  while (fd < 0 && (e = readdir(dir))) {
    if (strncmp(e->d_name, "event", 5) != 0) continue;
    char dev[300];
    snprintf(dev, sizeof dev, "/dev/input/%s", e->d_name);
    gui_gamepad_init(s);
    fd = open_device(dev, s, name, name_cap);
  }
  closedir(dir);
  if (fd < 0) z3_error_set(err, Z3_E_NOT_FOUND, "no gamepad among /dev/input/event*");
  return fd;
}
