// Python frames for the preload (recorder.h), CPython 3.11 only: the
// interpreter's own frame list (_PyInterpreterFrame, Python 3.11's
// internal layout, checked against Py_GetVersion() at start) is read
// directly, because the public frame API (PyEval_GetFrame,
// PyFrame_GetBack) may create frame objects, that is allocate, inside the
// allocation being sampled (possibly inside pymalloc's own arena refill).
// Reading the list allocates nothing and takes no lock.
//
// * The thread holds the GIL: its Python frames only.
// * It does not (torch ops release it): the caller adds its native frames;
//   its Python frames are those it was running when it released the GIL
//   (PyGILState_GetThisThreadState: its own thread state, whose frames no
//   other thread changes while it is in C code).
// * Names are co_qualname and co_filename when ASCII, or their cached
//   UTF-8; lines come from PyCode_Addr2Line (no allocation).
// libpython's functions are looked up with dlsym at start: the preload
// does not link it, and a process without it gets native stacks only.
#define Py_BUILD_CORE 1
#include <Python.h>
#include <internal/pycore_frame.h>

#include <dlfcn.h>

#include <cstring>

#include "sites/preload/recorder.h"

namespace oomlens::sites::preload {

namespace {

using gil_check_t = int (*)();
using tstate_t = PyThreadState* (*)();
using addr2line_t = int (*)(PyCodeObject*, int);
using version_t = const char* (*)();

gil_check_t p_gil_check;
tstate_t p_current, p_this_thread;
addr2line_t p_addr2line;
bool g_python = false;

const char* utf8_of(PyObject* s) {
  if (!s) return nullptr;
  auto* a = reinterpret_cast<PyASCIIObject*>(s);
  if (!(Py_TYPE(s)->tp_flags & Py_TPFLAGS_UNICODE_SUBCLASS)) return nullptr;
  if (a->state.compact && a->state.ascii) return reinterpret_cast<const char*>(a + 1);
  if (a->state.compact) return reinterpret_cast<PyCompactUnicodeObject*>(s)->utf8;
  return nullptr;
}

}  // namespace

void python_init(Header* h) {
  static bool looked = false;
  static bool supported = false;
  static char version[32];
  if (!looked) {
    looked = true;
    auto ver = reinterpret_cast<version_t>(::dlsym(RTLD_DEFAULT, "Py_GetVersion"));
    p_gil_check = reinterpret_cast<gil_check_t>(::dlsym(RTLD_DEFAULT, "PyGILState_Check"));
    p_current = reinterpret_cast<tstate_t>(::dlsym(RTLD_DEFAULT, "_PyThreadState_UncheckedGet"));
    p_this_thread = reinterpret_cast<tstate_t>(::dlsym(RTLD_DEFAULT, "PyGILState_GetThisThreadState"));
    p_addr2line = reinterpret_cast<addr2line_t>(::dlsym(RTLD_DEFAULT, "PyCode_Addr2Line"));
    if (!ver) return;
    const char* v = ver();
    size_t n = 0;
    while (v[n] && v[n] != ' ' && n + 1 < sizeof version) ++n;
    std::memcpy(version, v, n);
    version[n] = '\0';
    supported = std::strncmp(version, "3.11.", 5) == 0 && p_gil_check && p_current && p_this_thread && p_addr2line;
  }
  if (!version[0]) return;
  std::memcpy(h->python_version, version, sizeof version);
  h->flags |= supported ? kFlagPythonStacks : kFlagPythonUnsupported;
  g_python = supported;
}

uint32_t python_raw_frames(const void** codes, int* offsets, uint32_t max, bool* holds_gil) {
  *holds_gil = false;
  if (!g_python) return 0;
  PyThreadState* ts = p_current();
  if (ts && p_gil_check()) {
    *holds_gil = true;
  } else {
    ts = p_this_thread();
    if (!ts) return 0;
  }
  _PyCFrame* cf = ts->cframe;
  if (!cf) return 0;
  uint32_t n = 0;
  for (_PyInterpreterFrame* f = cf->current_frame; f && n < max; f = f->previous) {
    PyCodeObject* code = f->f_code;
    if (!code) break;
    if (f->owner != FRAME_OWNED_BY_GENERATOR && f->prev_instr < _PyCode_CODE(code) + code->_co_firsttraceable)
      continue;  // not started yet (3.11's _PyFrame_IsIncomplete)
    codes[n] = code;
    offsets[n] = static_cast<int>(_PyInterpreterFrame_LASTI(f)) * static_cast<int>(sizeof(_Py_CODEUNIT));
    ++n;
  }
  return n;
}

void python_resolve(const void* code, int offset, const char** function, const char** file, int* line) {
  auto* co = static_cast<PyCodeObject*>(const_cast<void*>(code));
  *function = utf8_of(co->co_qualname);
  *file = utf8_of(co->co_filename);
  *line = p_addr2line(co, offset);
}

}  // namespace oomlens::sites::preload
