/*
 * pybridge.c: a GDNative (Godot 3.2, core API 1.0) library that embeds CPython.
 *
 * NativeScript class `PyBridge` (extends Reference), see docs/architecture.md:
 *   start(paths: Array, module: String, factory: String, args: Array) -> true | error dict
 *   invoke(method: String, args: Array) -> converted result | error dict
 *   python_version() -> String
 *   attach_mail() -> bool; take_mail(delta: float) -> Array | null: the sim thread's mailbox,
 *     a physics frame that never calls Python (see "The driver's mailbox" below)
 *   python_entries() -> int: how often a Godot thread has entered Python so far
 * Error value: the Dictionary {"__python_error__": "<traceback or message>"}; the text is also
 * printed through godot_print_error. Nothing here may crash the engine on bad input.
 *
 * Conversions Python -> Variant:
 *   None -> Nil, bool -> bool, int -> int, float -> real, str -> String,
 *   list/tuple -> Array, dict -> Dictionary (keys converted too), bytes/bytearray -> PoolByteArray,
 *   numpy scalars -> their Python value, numpy arrays (and other buffer objects):
 *     uint8/bool -> PoolByteArray, other integers -> PoolIntArray (32-bit),
 *     float32/float64 -> PoolRealArray, any numeric (N, 2) -> PoolVector2Array,
 *     other shapes are flattened in C (row-major) order first.
 *   A value over Godot's 32-bit sizes (more than INT32_MAX elements, or bytes, in one String,
 *   Array or pool array) is refused with the error value, checked before anything is copied.
 * Conversions Variant -> Python:
 *   Nil, bool, int, real, String; Vector2/Vector3/Rect2/Color -> tuple of floats;
 *   Array -> list, Dictionary -> dict, PoolByteArray -> numpy uint8, PoolIntArray -> int32,
 *   PoolRealArray -> float32, PoolVector2Array -> float32 (N, 2), PoolVector3Array -> (N, 3),
 *   PoolColorArray -> (N, 4), PoolStringArray -> list of str. Without numpy: lists.
 *   An Object (or a Variant type not listed) is refused with the error value.
 *
 * Python is started once per process (isolated config, no `site`), never finalised. In an
 * exported game (a folder "python" with lib/pythonX.Y/os.py beside this library) it is the
 * bundled Python: PyConfig.home and the module search path point there (find_python_bundle).
 * Python's sys.stdout is routed to godot_print (so it reaches Godot's log).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gdnative_api_struct.gen.h>

#define EXPORT __attribute__((visibility("default")))
#ifndef PYBRIDGE_PYTHON_EXE /* the Makefile passes the build interpreter's real path */
#define PYBRIDGE_PYTHON_EXE "/usr/bin/python3"
#endif
#define MAX_DEPTH 64
#define ERROR_KEY "__python_error__"
/* Godot 3.2 counts elements in godot_int (32-bit), and in places byte sizes in int too
   (core/io/marshalls.cpp encodes a PoolIntArray as `count * 4` in an int), while Python's
   lengths are Py_ssize_t (64-bit): a value we hand over keeps both under INT32_MAX, or it
   is refused (an error value) instead of truncated by a cast. */
#define GD_MAX_COUNT ((Py_ssize_t)INT32_MAX)
/* the text of a Python error when even that text could not be made (no memory) */
#define NO_MEMORY_TEXT "pybridge: out of memory (a Python error happened, its text could not be made)"

static const godot_gdnative_core_api_struct *api = NULL;
static const godot_gdnative_ext_nativescript_api_struct *nsapi = NULL;

static int py_state = 0; /* 0 not started, 1 running, -1 failed to start */
static char py_fail_text[512];

/* cached Python objects (owned, valid while py_state == 1) */
static PyObject *np_mod = NULL;          /* numpy module or NULL */
static PyObject *np_generic = NULL;      /* numpy.generic */
static PyObject *np_ndarray = NULL;      /* numpy.ndarray */
static PyObject *np_frombuffer = NULL;   /* numpy.frombuffer */
static PyObject *np_ascontig = NULL;     /* numpy.ascontiguousarray */
static PyObject *tb_format = NULL;       /* traceback.format_exception */

typedef struct {
	PyObject *obj;  /* the object made by start(); owned */
	PyObject *mail; /* the sim thread's _godot.Mailbox (attach_mail); owned, or NULL */
} bridge_instance;

/* ------------------------------------------------------------------------------------------ */
/* small Godot helpers                                                                          */

/* For text we print or put in an error value: a longer one is cut at INT32_MAX bytes (the
   length is a godot_int). Values go through py2var, which refuses them instead. */
static void gd_string_from_utf8(godot_string *dest, const char *s, Py_ssize_t n) {
	if (n < 0) n = 0;
	if (n > GD_MAX_COUNT) n = GD_MAX_COUNT;
	*dest = api->godot_string_chars_to_utf8_with_len(s, (godot_int)n);
}

/* 0 if n elements of elem_size bytes fit a Godot container (at most INT32_MAX elements and
   INT32_MAX bytes, see GD_MAX_COUNT); else -1 with OverflowError naming what. */
static int check_gd_size(Py_ssize_t n, size_t elem_size, const char *what) {
	if (n >= 0 && n <= GD_MAX_COUNT && (size_t)n <= (size_t)INT32_MAX / elem_size) return 0;
	PyErr_Format(PyExc_OverflowError,
			"pybridge: a value of %zd elements does not fit a Godot %s (at most %d elements and %d bytes)",
			n, what, (int)INT32_MAX, (int)INT32_MAX);
	return -1;
}

/* Godot's pool resize returns nothing: when its allocation fails the array keeps its old size
   (or its memory pointer is NULL), and writing n elements would overrun it. Returns 0 when the
   array has n elements and ptr is usable, else -1 with MemoryError. */
static int check_gd_alloc(godot_int size, Py_ssize_t n, const void *ptr, const char *what) {
	if ((Py_ssize_t)size == n && (n == 0 || ptr != NULL)) return 0;
	PyErr_Format(PyExc_MemoryError, "pybridge: Godot could not make a %s of %zd elements", what, n);
	return -1;
}

static void print_error(const char *text, const char *where) {
	api->godot_print_error(text, where, "pybridge.c", 0);
}

static void gd_print_text(const char *s, Py_ssize_t n) {
	godot_string gs;
	gd_string_from_utf8(&gs, s, n);
	api->godot_print(&gs);
	api->godot_string_destroy(&gs);
}

/* Build the error Dictionary; also prints text as a Godot error. */
static godot_variant error_value(const char *text, const char *where) {
	print_error(text, where);
	godot_dictionary d;
	api->godot_dictionary_new(&d);
	godot_string ks, vs;
	godot_variant k, v, ret;
	gd_string_from_utf8(&ks, ERROR_KEY, (Py_ssize_t)strlen(ERROR_KEY));
	gd_string_from_utf8(&vs, text, (Py_ssize_t)strlen(text));
	api->godot_variant_new_string(&k, &ks);
	api->godot_variant_new_string(&v, &vs);
	api->godot_dictionary_set(&d, &k, &v);
	api->godot_variant_new_dictionary(&ret, &d);
	api->godot_variant_destroy(&k);
	api->godot_variant_destroy(&v);
	api->godot_string_destroy(&ks);
	api->godot_string_destroy(&vs);
	api->godot_dictionary_destroy(&d);
	return ret;
}

/* Fetch the current Python exception as text (traceback), clearing it. Returns a malloc'd
   string, or NULL when there was no memory for it (the caller says NO_MEMORY_TEXT). */
static char *fetch_exception_text(void) {
	PyObject *t = NULL, *v = NULL, *tb = NULL;
	PyErr_Fetch(&t, &v, &tb);
	if (t == NULL) {
		return strdup("unknown Python error");
	}
	PyErr_NormalizeException(&t, &v, &tb);
	if (tb != NULL && v != NULL && PyException_SetTraceback(v, tb) != 0) {
		/* format_exception must not run with an exception set */
		PyErr_Clear();
	}
	char *out = NULL;
	PyObject *lines = NULL, *sep = NULL, *joined = NULL;
	if (tb_format != NULL) {
		lines = PyObject_CallFunctionObjArgs(tb_format, t, v ? v : Py_None, tb ? tb : Py_None, NULL);
	}
	if (lines != NULL && (sep = PyUnicode_FromString("")) != NULL) {
		joined = PyUnicode_Join(sep, lines);
	}
	if (joined == NULL) {
		PyErr_Clear();
		joined = v ? PyObject_Str(v) : NULL;
	}
	if (joined != NULL) {
		const char *s = PyUnicode_AsUTF8(joined);
		if (s != NULL) out = strdup(s);
	}
	if (out == NULL) {
		PyErr_Clear();
		out = strdup("Python error (its text could not be formatted)");
	}
	/* drop a trailing newline */
	size_t n = out != NULL ? strlen(out) : 0;
	while (n > 0 && out[n - 1] == '\n') out[--n] = '\0';
	Py_XDECREF(lines);
	Py_XDECREF(sep);
	Py_XDECREF(joined);
	Py_XDECREF(t);
	Py_XDECREF(v);
	Py_XDECREF(tb);
	return out;
}

static godot_variant python_error_value(const char *where) {
	char *text = fetch_exception_text();
	godot_variant r = error_value(text != NULL ? text : NO_MEMORY_TEXT, where);
	free(text);
	return r;
}

/* ------------------------------------------------------------------------------------------ */
/* Python -> Variant                                                                            */

static int py2var(PyObject *o, godot_variant *out, int depth);

static int fail_nil(godot_variant *out) {
	api->godot_variant_new_nil(out);
	return -1;
}

/* element readers for buffers */
static inline double buf_get_double(const char *p, char kind, Py_ssize_t size) {
	switch (kind) {
		case 'f': return size == 4 ? (double)*(const float *)p : *(const double *)p;
		case 'i':
			switch (size) {
				case 1: return (double)*(const int8_t *)p;
				case 2: return (double)*(const int16_t *)p;
				case 4: return (double)*(const int32_t *)p;
				default: return (double)*(const int64_t *)p;
			}
		default: /* 'u' */
			switch (size) {
				case 1: return (double)*(const uint8_t *)p;
				case 2: return (double)*(const uint16_t *)p;
				case 4: return (double)*(const uint32_t *)p;
				default: return (double)*(const uint64_t *)p;
			}
	}
}

static inline int64_t buf_get_int(const char *p, char kind, Py_ssize_t size) {
	switch (kind) {
		case 'f': return size == 4 ? (int64_t)*(const float *)p : (int64_t)*(const double *)p;
		case 'i':
			switch (size) {
				case 1: return *(const int8_t *)p;
				case 2: return *(const int16_t *)p;
				case 4: return *(const int32_t *)p;
				default: return *(const int64_t *)p;
			}
		default:
			switch (size) {
				case 1: return *(const uint8_t *)p;
				case 2: return *(const uint16_t *)p;
				case 4: return *(const uint32_t *)p;
				default: return (int64_t)*(const uint64_t *)p;
			}
	}
}

/* Classify a struct-module format string: returns 'i' signed int, 'u' unsigned, 'f' float,
   'b' bool, or 0 if unsupported (including non-native byte order). */
static char format_kind(const char *fmt, Py_ssize_t itemsize) {
	if (fmt == NULL) return 'u'; /* plain bytes */
	if (*fmt == '@' || *fmt == '=' || *fmt == '<') {
		fmt++;
	} else if (*fmt == '>' || *fmt == '!') {
		return 0;
	}
	if (fmt[0] == '\0' || fmt[1] != '\0') return 0;
	switch (fmt[0]) {
		case 'b': case 'h': case 'i': case 'l': case 'q': case 'n': return 'i';
		case 'B': case 'H': case 'I': case 'L': case 'Q': case 'N': case 'c': return 'u';
		case 'f': case 'd': return itemsize == 4 || itemsize == 8 ? 'f' : 0;
		case '?': return 'b';
		default: return 0;
	}
}

/* What a buffer becomes: its element kind (format_kind), whether it is an (N, 2) array
   (-> PoolVector2Array), and the check that the pool array fits Godot (check_gd_size), done on
   the shape alone, before anything is copied. Returns 0, or 1 if the element type is
   unsupported (no exception set; the caller falls back), or -1 with OverflowError. */
static int buffer_plan(const Py_buffer *view, char *kind, int *is_v2) {
	Py_ssize_t isz = view->itemsize;
	*kind = format_kind(view->format, isz);
	if (*kind == 0 || isz <= 0) return 1;
	*is_v2 = view->ndim == 2 && view->shape != NULL && view->shape[1] == 2;
	if (*is_v2) return check_gd_size(view->shape[0], 2 * sizeof(float), "PoolVector2Array");
	Py_ssize_t n = view->len / isz;
	if (*kind == 'b' || (*kind == 'u' && isz == 1)) return check_gd_size(n, 1, "PoolByteArray");
	if (*kind == 'i' || *kind == 'u') return check_gd_size(n, sizeof(godot_int), "PoolIntArray");
	return check_gd_size(n, sizeof(godot_real), "PoolRealArray");
}

/* Convert a C-contiguous buffer to a pool array variant. Returns 0, or 1 if the buffer's
   element type is unsupported (no exception set; caller falls back), or -1 with exception
   (too big for Godot, or Godot could not allocate it; *out is then Nil). */
static int buffer2var(Py_buffer *view, godot_variant *out) {
	Py_ssize_t isz = view->itemsize;
	char kind = 0;
	int is_v2 = 0;
	int plan = buffer_plan(view, &kind, &is_v2);
	if (plan == 1) return 1;
	if (plan != 0) return fail_nil(out);
	Py_ssize_t n = view->len / isz;
	const char *src = (const char *)view->buf;

	if (is_v2) {
		Py_ssize_t rows = view->shape[0];
		godot_pool_vector2_array pa;
		api->godot_pool_vector2_array_new(&pa);
		api->godot_pool_vector2_array_resize(&pa, (godot_int)rows);
		godot_pool_vector2_array_write_access *w = rows > 0 ? api->godot_pool_vector2_array_write(&pa) : NULL;
		float *dst = w != NULL ? (float *)api->godot_pool_vector2_array_write_access_ptr(w) : NULL;
		if (check_gd_alloc(api->godot_pool_vector2_array_size(&pa), rows, dst, "PoolVector2Array") != 0) {
			if (w != NULL) api->godot_pool_vector2_array_write_access_destroy(w);
			api->godot_pool_vector2_array_destroy(&pa);
			return fail_nil(out);
		}
		if (rows > 0) {
			if (kind == 'f' && isz == 4) {
				memcpy(dst, src, (size_t)rows * 2 * sizeof(float));
			} else if (kind == 'f' && isz == 8) {
				const double *d = (const double *)src;
				for (Py_ssize_t i = 0; i < rows * 2; i++) dst[i] = (float)d[i];
			} else {
				for (Py_ssize_t i = 0; i < rows * 2; i++) dst[i] = (float)buf_get_double(src + i * isz, kind == 'b' ? 'u' : kind, isz);
			}
			api->godot_pool_vector2_array_write_access_destroy(w);
		}
		api->godot_variant_new_pool_vector2_array(out, &pa);
		api->godot_pool_vector2_array_destroy(&pa);
		return 0;
	}

	if (kind == 'b' || (kind == 'u' && isz == 1)) {
		godot_pool_byte_array pa;
		api->godot_pool_byte_array_new(&pa);
		api->godot_pool_byte_array_resize(&pa, (godot_int)n);
		godot_pool_byte_array_write_access *w = n > 0 ? api->godot_pool_byte_array_write(&pa) : NULL;
		uint8_t *dst = w != NULL ? api->godot_pool_byte_array_write_access_ptr(w) : NULL;
		if (check_gd_alloc(api->godot_pool_byte_array_size(&pa), n, dst, "PoolByteArray") != 0) {
			if (w != NULL) api->godot_pool_byte_array_write_access_destroy(w);
			api->godot_pool_byte_array_destroy(&pa);
			return fail_nil(out);
		}
		if (n > 0) {
			memcpy(dst, src, (size_t)n);
			api->godot_pool_byte_array_write_access_destroy(w);
		}
		api->godot_variant_new_pool_byte_array(out, &pa);
		api->godot_pool_byte_array_destroy(&pa);
		return 0;
	}
	if (kind == 'i' || kind == 'u') {
		godot_pool_int_array pa;
		api->godot_pool_int_array_new(&pa);
		api->godot_pool_int_array_resize(&pa, (godot_int)n);
		godot_pool_int_array_write_access *w = n > 0 ? api->godot_pool_int_array_write(&pa) : NULL;
		godot_int *dst = w != NULL ? api->godot_pool_int_array_write_access_ptr(w) : NULL;
		if (check_gd_alloc(api->godot_pool_int_array_size(&pa), n, dst, "PoolIntArray") != 0) {
			if (w != NULL) api->godot_pool_int_array_write_access_destroy(w);
			api->godot_pool_int_array_destroy(&pa);
			return fail_nil(out);
		}
		if (n > 0) {
			if (kind == 'i' && isz == (Py_ssize_t)sizeof(godot_int)) {
				memcpy(dst, src, (size_t)n * sizeof(godot_int));
			} else if (kind == 'i' && isz == 8) {
				const int64_t *d = (const int64_t *)src;
				for (Py_ssize_t i = 0; i < n; i++) dst[i] = (godot_int)d[i];
			} else {
				for (Py_ssize_t i = 0; i < n; i++) dst[i] = (godot_int)buf_get_int(src + i * isz, kind, isz);
			}
			api->godot_pool_int_array_write_access_destroy(w);
		}
		api->godot_variant_new_pool_int_array(out, &pa);
		api->godot_pool_int_array_destroy(&pa);
		return 0;
	}
	/* float */
	godot_pool_real_array pa;
	api->godot_pool_real_array_new(&pa);
	api->godot_pool_real_array_resize(&pa, (godot_int)n);
	godot_pool_real_array_write_access *w = n > 0 ? api->godot_pool_real_array_write(&pa) : NULL;
	godot_real *dst = w != NULL ? api->godot_pool_real_array_write_access_ptr(w) : NULL;
	if (check_gd_alloc(api->godot_pool_real_array_size(&pa), n, dst, "PoolRealArray") != 0) {
		if (w != NULL) api->godot_pool_real_array_write_access_destroy(w);
		api->godot_pool_real_array_destroy(&pa);
		return fail_nil(out);
	}
	if (n > 0) {
		if (isz == (Py_ssize_t)sizeof(godot_real)) {
			memcpy(dst, src, (size_t)n * sizeof(godot_real));
		} else if (isz == 8) {
			const double *d = (const double *)src;
			for (Py_ssize_t i = 0; i < n; i++) dst[i] = (godot_real)d[i];
		} else {
			for (Py_ssize_t i = 0; i < n; i++) dst[i] = (godot_real)buf_get_double(src + i * isz, kind, isz);
		}
		api->godot_pool_real_array_write_access_destroy(w);
	}
	api->godot_variant_new_pool_real_array(out, &pa);
	api->godot_pool_real_array_destroy(&pa);
	return 0;
}

/* numpy arrays and other buffer exporters. o is kept alive by the caller (a strong reference):
   item(), ascontiguousarray and tolist() below run Python code. */
static int array2var(PyObject *o, godot_variant *out, int depth) {
	Py_buffer view;
	PyObject *contig = NULL;
	/* A strided view first: its shape says how big the value is before anything is copied
	   (np.broadcast_to makes a 2**31-element array out of one byte; a contiguous copy of it
	   would allocate all of that only for buffer2var to refuse it). */
	if (PyObject_GetBuffer(o, &view, PyBUF_RECORDS_RO) != 0) {
		/* no buffer of that kind (an object array, ...): tolist() below */
		PyErr_Clear();
		goto fallback;
	}
	if (view.ndim == 0) {
		/* 0-d arrays behave like scalars */
		PyBuffer_Release(&view);
		PyObject *item = PyObject_CallMethod(o, "item", NULL);
		if (item == NULL) return fail_nil(out);
		int r0 = py2var(item, out, depth + 1);
		Py_DECREF(item);
		return r0;
	}
	char kind = 0;
	int is_v2 = 0;
	int plan = buffer_plan(&view, &kind, &is_v2);
	if (plan < 0) {
		PyBuffer_Release(&view);
		return fail_nil(out);
	}
	if (plan == 0 && !PyBuffer_IsContiguous(&view, 'C')) {
		/* a supported type, not contiguous: a contiguous copy (its size checked above) */
		PyBuffer_Release(&view);
		if (np_ascontig == NULL) goto fallback;
		contig = PyObject_CallFunctionObjArgs(np_ascontig, o, NULL);
		if (contig == NULL) return fail_nil(out);
		if (PyObject_GetBuffer(contig, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0) {
			PyErr_Clear();
			Py_DECREF(contig);
			contig = NULL;
			goto fallback;
		}
	}
	/* buffer2var plans again: the copy is a new buffer (and checks are cheap) */
	int r = plan == 0 ? buffer2var(&view, out) : 1;
	PyBuffer_Release(&view);
	Py_XDECREF(contig);
	if (r <= 0) return r;
fallback:
	/* unsupported element type (object, complex, ...): go through tolist() if there is one.
	   tolist() makes a Python object of every element: a numpy array's element count is
	   checked first, as a Godot Array would have to hold them. */
	if (np_ndarray != NULL && PyObject_TypeCheck(o, (PyTypeObject *)np_ndarray)) {
		PyObject *size = PyObject_GetAttrString(o, "size");
		if (size == NULL) return fail_nil(out);
		Py_ssize_t count = PyNumber_AsSsize_t(size, PyExc_OverflowError);
		Py_DECREF(size);
		if (count == -1 && PyErr_Occurred()) return fail_nil(out);
		if (check_gd_size(count, 1, "Array") != 0) return fail_nil(out);
	}
	PyObject *tolist = PyObject_GetAttrString(o, "tolist");
	if (tolist == NULL) {
		/* only a missing attribute means "no tolist"; any other error is the answer */
		if (!PyErr_ExceptionMatches(PyExc_AttributeError)) return fail_nil(out);
		PyErr_Clear();
		PyErr_Format(PyExc_TypeError, "pybridge: cannot convert a buffer of type %.200s to a Variant",
				Py_TYPE(o)->tp_name);
		return fail_nil(out);
	}
	PyObject *lst = PyObject_CallNoArgs(tolist);
	Py_DECREF(tolist);
	if (lst == NULL) return fail_nil(out);
	int rr = py2var(lst, out, depth + 1);
	Py_DECREF(lst);
	return rr;
}

/* o must be kept alive by the caller (a strong reference) for the whole call: converting runs
   Python code (__index__, item(), tolist(), and any destructor a reference drop triggers),
   which may drop the last other reference to o or to anything o holds. Likewise every item
   taken out of o here is held with a strong reference while it is converted. */
static int py2var(PyObject *o, godot_variant *out, int depth) {
	if (depth > MAX_DEPTH) {
		PyErr_SetString(PyExc_RecursionError, "pybridge: value nested too deeply (or a cycle)");
		return fail_nil(out);
	}
	if (o == Py_None) {
		api->godot_variant_new_nil(out);
		return 0;
	}
	if (PyBool_Check(o)) {
		api->godot_variant_new_bool(out, o == Py_True);
		return 0;
	}
	if (PyLong_Check(o)) {
		/* an int (or subclass) is read as it is: no __index__ call */
		int overflow = 0;
		long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
		if (overflow != 0) {
			PyErr_SetString(PyExc_OverflowError, "pybridge: int does not fit in 64 bits");
			return fail_nil(out);
		}
		if (v == -1 && PyErr_Occurred()) return fail_nil(out);
		api->godot_variant_new_int(out, (int64_t)v);
		return 0;
	}
	if (PyFloat_Check(o)) {
		api->godot_variant_new_real(out, PyFloat_AS_DOUBLE(o));
		return 0;
	}
	if (PyUnicode_Check(o)) {
		Py_ssize_t n;
		const char *s = PyUnicode_AsUTF8AndSize(o, &n);
		if (s == NULL) return fail_nil(out);
		if (check_gd_size(n, 1, "String") != 0) return fail_nil(out);
		godot_string gs;
		gd_string_from_utf8(&gs, s, n);
		api->godot_variant_new_string(out, &gs);
		api->godot_string_destroy(&gs);
		return 0;
	}
	if (PyDict_Check(o)) {
		godot_dictionary d;
		api->godot_dictionary_new(&d);
		PyObject *bk, *bv;
		Py_ssize_t pos = 0;
		/* PyDict_Next stays memory-safe if the dict changes meanwhile (it re-reads the
		   entry table each time); the borrowed key and value do not, so both are held */
		while (PyDict_Next(o, &pos, &bk, &bv)) {
			PyObject *k = Py_NewRef(bk), *v = Py_NewRef(bv);
			godot_variant gk, gv;
			int rk = py2var(k, &gk, depth + 1);
			int rv = rk == 0 ? py2var(v, &gv, depth + 1) : -1;
			Py_DECREF(k);
			Py_DECREF(v);
			if (rk != 0 || rv != 0) {
				api->godot_variant_destroy(&gk);
				if (rk == 0) api->godot_variant_destroy(&gv);
				api->godot_dictionary_destroy(&d);
				return fail_nil(out);
			}
			api->godot_dictionary_set(&d, &gk, &gv);
			api->godot_variant_destroy(&gk);
			api->godot_variant_destroy(&gv);
		}
		api->godot_variant_new_dictionary(out, &d);
		api->godot_dictionary_destroy(&d);
		return 0;
	}
	if (PyList_Check(o) || PyTuple_Check(o)) {
		Py_ssize_t n = PySequence_Fast_GET_SIZE(o);
		if (check_gd_size(n, 1, "Array") != 0) return fail_nil(out);
		godot_array a;
		api->godot_array_new(&a);
		api->godot_array_resize(&a, (godot_int)n);
		/* Array's resize returns nothing either, and godot_array_set past its end crashes */
		if (check_gd_alloc(api->godot_array_size(&a), n, &a, "Array") != 0) {
			api->godot_array_destroy(&a);
			return fail_nil(out);
		}
		for (Py_ssize_t i = 0; i < n; i++) {
			/* the list may be changed by Python code run during conversion (an __index__, a
			   __del__): an Array that is neither the old list nor the new one is refused */
			if (PySequence_Fast_GET_SIZE(o) != n) {
				PyErr_SetString(PyExc_RuntimeError, "pybridge: a list changed size while it was converted");
				api->godot_array_destroy(&a);
				return fail_nil(out);
			}
			PyObject *item = Py_NewRef(PySequence_Fast_GET_ITEM(o, i));
			godot_variant gv;
			int r = py2var(item, &gv, depth + 1);
			Py_DECREF(item);
			if (r != 0) {
				api->godot_variant_destroy(&gv);
				api->godot_array_destroy(&a);
				return fail_nil(out);
			}
			api->godot_array_set(&a, (godot_int)i, &gv);
			api->godot_variant_destroy(&gv);
		}
		if (PySequence_Fast_GET_SIZE(o) != n) { /* changed by the last item's conversion */
			PyErr_SetString(PyExc_RuntimeError, "pybridge: a list changed size while it was converted");
			api->godot_array_destroy(&a);
			return fail_nil(out);
		}
		api->godot_variant_new_array(out, &a);
		api->godot_array_destroy(&a);
		return 0;
	}
	if (PyBytes_Check(o) || PyByteArray_Check(o)) {
		const char *s = PyBytes_Check(o) ? PyBytes_AS_STRING(o) : PyByteArray_AS_STRING(o);
		Py_ssize_t n = PyBytes_Check(o) ? PyBytes_GET_SIZE(o) : PyByteArray_GET_SIZE(o);
		if (check_gd_size(n, 1, "PoolByteArray") != 0) return fail_nil(out);
		/* no Python code runs from here on: s stays valid */
		godot_pool_byte_array pa;
		api->godot_pool_byte_array_new(&pa);
		api->godot_pool_byte_array_resize(&pa, (godot_int)n);
		godot_pool_byte_array_write_access *w = n > 0 ? api->godot_pool_byte_array_write(&pa) : NULL;
		uint8_t *dst = w != NULL ? api->godot_pool_byte_array_write_access_ptr(w) : NULL;
		if (check_gd_alloc(api->godot_pool_byte_array_size(&pa), n, dst, "PoolByteArray") != 0) {
			if (w != NULL) api->godot_pool_byte_array_write_access_destroy(w);
			api->godot_pool_byte_array_destroy(&pa);
			return fail_nil(out);
		}
		if (n > 0) {
			memcpy(dst, s, (size_t)n);
			api->godot_pool_byte_array_write_access_destroy(w);
		}
		api->godot_variant_new_pool_byte_array(out, &pa);
		api->godot_pool_byte_array_destroy(&pa);
		return 0;
	}
	if (np_generic != NULL && PyObject_TypeCheck(o, (PyTypeObject *)np_generic)) {
		/* numpy scalar (np.int64, np.float32, np.bool_, ...) -> its Python value */
		PyObject *item = PyObject_CallMethod(o, "item", NULL);
		if (item == NULL) return fail_nil(out);
		if (Py_TYPE(item) == Py_TYPE(o)) { /* would loop */
			Py_DECREF(item);
			PyErr_Format(PyExc_TypeError, "pybridge: cannot convert numpy %.200s", Py_TYPE(o)->tp_name);
			return fail_nil(out);
		}
		int r = py2var(item, out, depth + 1);
		Py_DECREF(item);
		return r;
	}
	if (PyObject_CheckBuffer(o)) {
		return array2var(o, out, depth);
	}
	if (PyFloat_Check(o) == 0 && PyIndex_Check(o)) {
		PyObject *i = PyNumber_Index(o);
		if (i == NULL) return fail_nil(out);
		int r = py2var(i, out, depth + 1);
		Py_DECREF(i);
		return r;
	}
	PyErr_Format(PyExc_TypeError, "pybridge: cannot convert a Python %.200s to a Variant", Py_TYPE(o)->tp_name);
	return fail_nil(out);
}

/* ------------------------------------------------------------------------------------------ */
/* Variant -> Python                                                                            */

static PyObject *pool2numpy(const void *data, Py_ssize_t nbytes, const char *dtype, int cols) {
	PyObject *ba = PyByteArray_FromStringAndSize((const char *)data, nbytes);
	if (ba == NULL) return NULL;
	PyObject *arr = PyObject_CallFunction(np_frombuffer, "Os", ba, dtype);
	Py_DECREF(ba);
	if (arr == NULL || cols <= 1) return arr;
	PyObject *r = PyObject_CallMethod(arr, "reshape", "(ni)", (Py_ssize_t)-1, cols);
	Py_DECREF(arr);
	return r;
}

/* list of Python ints (no numpy) */
static PyObject *ints2list(const void *p, Py_ssize_t n, int is_byte) {
	PyObject *lst = PyList_New(n);
	if (lst == NULL) return NULL;
	for (Py_ssize_t i = 0; i < n; i++) {
		long v = is_byte ? (long)((const uint8_t *)p)[i] : (long)((const godot_int *)p)[i];
		PyObject *item = PyLong_FromLong(v);
		if (item == NULL) { Py_DECREF(lst); return NULL; }
		PyList_SET_ITEM(lst, i, item);
	}
	return lst;
}

static PyObject *floats2list(const float *p, Py_ssize_t n, int cols) {
	PyObject *lst = PyList_New(n);
	if (lst == NULL) return NULL;
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *item;
		if (cols == 1) {
			item = PyFloat_FromDouble(p[i]);
		} else {
			item = PyTuple_New(cols);
			if (item != NULL) {
				for (int c = 0; c < cols; c++) {
					PyObject *f = PyFloat_FromDouble(p[i * cols + c]);
					if (f == NULL) { Py_CLEAR(item); break; }
					PyTuple_SET_ITEM(item, c, f);
				}
			}
		}
		if (item == NULL) { Py_DECREF(lst); return NULL; }
		PyList_SET_ITEM(lst, i, item);
	}
	return lst;
}

static PyObject *godot_string_to_py(const godot_string *s) {
	const wchar_t *w = api->godot_string_wide_str(s);
	godot_int n = api->godot_string_length(s);
	return PyUnicode_FromWideChar(w, n);
}

#define POOL_READ(TYPE, PTRTYPE, v, body) \
	do { \
		godot_pool_##TYPE##_array pa = api->godot_variant_as_pool_##TYPE##_array(v); \
		godot_int n = api->godot_pool_##TYPE##_array_size(&pa); \
		godot_pool_##TYPE##_array_read_access *ra = api->godot_pool_##TYPE##_array_read(&pa); \
		const PTRTYPE *p = (const PTRTYPE *)api->godot_pool_##TYPE##_array_read_access_ptr(ra); \
		body; \
		api->godot_pool_##TYPE##_array_read_access_destroy(ra); \
		api->godot_pool_##TYPE##_array_destroy(&pa); \
	} while (0)

static PyObject *var2py(const godot_variant *v, int depth) {
	if (depth > MAX_DEPTH) {
		PyErr_SetString(PyExc_RecursionError, "pybridge: Variant nested too deeply");
		return NULL;
	}
	PyObject *r = NULL;
	switch (api->godot_variant_get_type(v)) {
		case GODOT_VARIANT_TYPE_NIL:
			Py_RETURN_NONE;
		case GODOT_VARIANT_TYPE_BOOL:
			return PyBool_FromLong(api->godot_variant_as_bool(v));
		case GODOT_VARIANT_TYPE_INT:
			return PyLong_FromLongLong(api->godot_variant_as_int(v));
		case GODOT_VARIANT_TYPE_REAL:
			return PyFloat_FromDouble(api->godot_variant_as_real(v));
		case GODOT_VARIANT_TYPE_STRING: {
			godot_string s = api->godot_variant_as_string(v);
			r = godot_string_to_py(&s);
			api->godot_string_destroy(&s);
			return r;
		}
		case GODOT_VARIANT_TYPE_VECTOR2: {
			godot_vector2 x = api->godot_variant_as_vector2(v);
			return Py_BuildValue("(dd)", (double)api->godot_vector2_get_x(&x), (double)api->godot_vector2_get_y(&x));
		}
		case GODOT_VARIANT_TYPE_VECTOR3: {
			godot_vector3 x = api->godot_variant_as_vector3(v);
			const float *f = (const float *)&x;
			return Py_BuildValue("(ddd)", (double)f[0], (double)f[1], (double)f[2]);
		}
		case GODOT_VARIANT_TYPE_RECT2: {
			godot_rect2 x = api->godot_variant_as_rect2(v);
			const float *f = (const float *)&x;
			return Py_BuildValue("(dddd)", (double)f[0], (double)f[1], (double)f[2], (double)f[3]);
		}
		case GODOT_VARIANT_TYPE_COLOR: {
			godot_color x = api->godot_variant_as_color(v);
			const float *f = (const float *)&x;
			return Py_BuildValue("(dddd)", (double)f[0], (double)f[1], (double)f[2], (double)f[3]);
		}
		case GODOT_VARIANT_TYPE_ARRAY: {
			godot_array a = api->godot_variant_as_array(v);
			godot_int n = api->godot_array_size(&a);
			r = PyList_New(n);
			for (godot_int i = 0; r != NULL && i < n; i++) {
				PyObject *item = var2py(api->godot_array_operator_index_const(&a, i), depth + 1);
				if (item == NULL) {
					Py_CLEAR(r);
					break;
				}
				PyList_SET_ITEM(r, i, item);
			}
			api->godot_array_destroy(&a);
			return r;
		}
		case GODOT_VARIANT_TYPE_DICTIONARY: {
			godot_dictionary d = api->godot_variant_as_dictionary(v);
			r = PyDict_New();
			const godot_variant *k = NULL;
			while (r != NULL && (k = api->godot_dictionary_next(&d, k)) != NULL) {
				PyObject *pk = var2py(k, depth + 1);
				PyObject *pv = pk ? var2py(api->godot_dictionary_operator_index_const(&d, k), depth + 1) : NULL;
				if (pv == NULL || PyDict_SetItem(r, pk, pv) != 0) Py_CLEAR(r);
				Py_XDECREF(pk);
				Py_XDECREF(pv);
			}
			api->godot_dictionary_destroy(&d);
			return r;
		}
		case GODOT_VARIANT_TYPE_POOL_BYTE_ARRAY:
			POOL_READ(byte, uint8_t, v, {
				r = np_frombuffer ? pool2numpy(p, n, "uint8", 1) : ints2list(p, n, 1);
			});
			return r;
		case GODOT_VARIANT_TYPE_POOL_INT_ARRAY:
			POOL_READ(int, godot_int, v, {
				r = np_frombuffer ? pool2numpy(p, (Py_ssize_t)n * sizeof(godot_int), "int32", 1) : ints2list(p, n, 0);
			});
			return r;
		case GODOT_VARIANT_TYPE_POOL_REAL_ARRAY:
			POOL_READ(real, float, v, {
				r = np_frombuffer ? pool2numpy(p, (Py_ssize_t)n * sizeof(float), "float32", 1) : floats2list(p, n, 1);
			});
			return r;
		case GODOT_VARIANT_TYPE_POOL_VECTOR2_ARRAY:
			POOL_READ(vector2, float, v, {
				r = np_frombuffer ? pool2numpy(p, (Py_ssize_t)n * 2 * sizeof(float), "float32", 2) : floats2list(p, n, 2);
			});
			return r;
		case GODOT_VARIANT_TYPE_POOL_VECTOR3_ARRAY:
			POOL_READ(vector3, float, v, {
				r = np_frombuffer ? pool2numpy(p, (Py_ssize_t)n * 3 * sizeof(float), "float32", 3) : floats2list(p, n, 3);
			});
			return r;
		case GODOT_VARIANT_TYPE_POOL_COLOR_ARRAY:
			POOL_READ(color, float, v, {
				r = np_frombuffer ? pool2numpy(p, (Py_ssize_t)n * 4 * sizeof(float), "float32", 4) : floats2list(p, n, 4);
			});
			return r;
		case GODOT_VARIANT_TYPE_POOL_STRING_ARRAY: {
			godot_pool_string_array pa = api->godot_variant_as_pool_string_array(v);
			godot_int n = api->godot_pool_string_array_size(&pa);
			r = PyList_New(n);
			for (godot_int i = 0; r != NULL && i < n; i++) {
				godot_string s = api->godot_pool_string_array_get(&pa, i);
				PyObject *ps = godot_string_to_py(&s);
				api->godot_string_destroy(&s);
				if (ps == NULL) { Py_CLEAR(r); break; }
				PyList_SET_ITEM(r, i, ps);
			}
			api->godot_pool_string_array_destroy(&pa);
			return r;
		}
		case GODOT_VARIANT_TYPE_OBJECT:
			/* not stringified: an Object's to_string can run script code (_to_string), which
			   could change the Array or Dictionary this Variant is read from */
			PyErr_SetString(PyExc_TypeError, "pybridge: cannot pass an Object to Python");
			return NULL;
		default: {
			godot_string s = api->godot_variant_as_string(v);
			godot_char_string cs = api->godot_string_utf8(&s);
			PyErr_Format(PyExc_TypeError, "pybridge: cannot pass a Variant of type %d (%.200s) to Python",
					(int)api->godot_variant_get_type(v), api->godot_char_string_get_data(&cs));
			api->godot_char_string_destroy(&cs);
			api->godot_string_destroy(&s);
			return NULL;
		}
	}
}

/* ------------------------------------------------------------------------------------------ */
/* the _godot module: sys.stdout -> godot_print                                                 */

static PyObject *m_godot_print(PyObject *self, PyObject *arg) {
	(void)self;
	Py_ssize_t n;
	const char *s = PyUnicode_AsUTF8AndSize(arg, &n);
	if (s == NULL) return NULL;
	gd_print_text(s, n);
	Py_RETURN_NONE;
}

static PyObject *m_godot_print_error(PyObject *self, PyObject *arg) {
	(void)self;
	const char *s = PyUnicode_AsUTF8(arg);
	if (s == NULL) return NULL;
	print_error(s, "python");
	Py_RETURN_NONE;
}

/* how often a Godot thread entered Python (PyBridge.python_entries: the tests check that a
   physics frame with the sim thread enters it not at all) */
static atomic_llong python_entries = 0;

static PyGILState_STATE take_python(void) {
	atomic_fetch_add_explicit(&python_entries, 1, memory_order_relaxed);
	return PyGILState_Ensure();
}

/* the moment `seconds` from now, as pthread_cond_timedwait wants it */
static struct timespec deadline_after(double seconds) {
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	long long ns = (long long)until.tv_nsec + (long long)(seconds * 1e9);
	until.tv_sec += (time_t)(ns / 1000000000LL);
	until.tv_nsec = (long)(ns % 1000000000LL);
	return until;
}

/* The driver's mailbox (pysim/driver.py; docs/architecture.md, "The driver"): with the sim
   thread, a physics frame does not call Python at all. PyBridge.take_mail(delta) adds the
   frame's real time here and takes what the sim thread posted, already turned into Godot
   values (post() converts on the sim thread, which holds the interpreter then). The sim thread
   sleeps in wait() until the time handed over reaches what its next tick needs (wake_at_us),
   or until it is poked (a command sent, settle, stop). */
typedef struct {
	PyObject_HEAD
	pthread_mutex_t mu;
	pthread_cond_t cv;
	long long raw_us;     /* real microseconds handed over and not yet taken by wait() */
	long long wake_at_us; /* wake the sim thread once raw_us reaches this; < 0: only a poke */
	long long max_us;     /* the most real time one frame hands over (Mailbox(max_frame_us)) */
	int poked;
	int closed;
	godot_array items;    /* posted and not taken: Dictionaries {ran, changes, events} */
} mailbox_object;

/* cleared by godot_gdnative_terminate: from then on the Godot values a post would make may
   outlive the engine's memory, so posts are refused (the sim thread shows the error once) */
static atomic_int godot_alive = 1;

static void mail_add_locked(mailbox_object *m, long long us) {
	if (us < 0) us = 0;
	if (us > m->max_us) us = m->max_us;
	m->raw_us += us;
	if (m->wake_at_us >= 0 && m->raw_us >= m->wake_at_us) pthread_cond_signal(&m->cv);
}

/* Mailbox(max_frame_us): the most real time one frame hands over is pysim's
   (driver.MAX_FRAME_MICROS), given when the driver makes the mailbox */
static PyObject *mailbox_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
	long long max_us;
	if (kwds != NULL && PyDict_Size(kwds) > 0) {
		PyErr_SetString(PyExc_TypeError, "Mailbox(max_frame_us) takes no keywords");
		return NULL;
	}
	if (!PyArg_ParseTuple(args, "L", &max_us)) return NULL;
	if (max_us < 0) max_us = 0;
	mailbox_object *m = (mailbox_object *)type->tp_alloc(type, 0);
	if (m == NULL) return NULL;
	pthread_mutex_init(&m->mu, NULL);
	pthread_cond_init(&m->cv, NULL);
	m->wake_at_us = -1;
	m->max_us = max_us;
	api->godot_array_new(&m->items);
	return (PyObject *)m;
}

static void mailbox_dealloc(mailbox_object *m) {
	if (atomic_load(&godot_alive)) api->godot_array_destroy(&m->items);
	pthread_cond_destroy(&m->cv);
	pthread_mutex_destroy(&m->mu);
	Py_TYPE(m)->tp_free((PyObject *)m);
}

/* add(us): real time handed over from Python (Session.step and frame, the tests) */
static PyObject *mailbox_add(mailbox_object *m, PyObject *arg) {
	long long us = PyLong_AsLongLong(arg);
	if (us == -1 && PyErr_Occurred()) return NULL;
	pthread_mutex_lock(&m->mu);
	mail_add_locked(m, us);
	pthread_mutex_unlock(&m->mu);
	Py_RETURN_NONE;
}

/* wait(wake_at_us, most_s) -> the real microseconds taken (the sim thread): sleeps, without
   the interpreter, until the time handed over reaches wake_at_us (< 0: never by time), a
   poke, close(), or most_s seconds */
static PyObject *mailbox_wait(mailbox_object *m, PyObject *args) {
	long long wake_at;
	double most;
	if (!PyArg_ParseTuple(args, "Ld", &wake_at, &most)) return NULL;
	if (!(most > 0.0)) most = 0.0;
	if (most > 60.0) most = 60.0;
	long long took = 0;
	Py_BEGIN_ALLOW_THREADS
	struct timespec until = deadline_after(most);
	pthread_mutex_lock(&m->mu);
	m->wake_at_us = wake_at;
	while (!m->poked && !m->closed && !(wake_at >= 0 && m->raw_us >= wake_at)) {
		if (pthread_cond_timedwait(&m->cv, &m->mu, &until) == ETIMEDOUT) break;
	}
	took = m->raw_us;
	m->raw_us = 0;
	m->poked = 0;
	m->wake_at_us = -1;
	pthread_mutex_unlock(&m->mu);
	Py_END_ALLOW_THREADS
	return PyLong_FromLongLong(took);
}

/* raise one of the mailbox's flags and wake the sim thread (poke, close) */
static PyObject *mail_raise(mailbox_object *m, int *flag) {
	pthread_mutex_lock(&m->mu);
	*flag = 1;
	pthread_cond_signal(&m->cv);
	pthread_mutex_unlock(&m->mu);
	Py_RETURN_NONE;
}

static PyObject *mailbox_poke(mailbox_object *m, PyObject *noarg) {
	(void)noarg;
	return mail_raise(m, &m->poked);
}

/* no more frames: take_mail gives null from now on, and a waiting sim thread wakes */
static PyObject *mailbox_close(mailbox_object *m, PyObject *noarg) {
	(void)noarg;
	return mail_raise(m, &m->closed);
}

/* pending() -> the real microseconds handed over and not yet taken */
static PyObject *mailbox_pending(mailbox_object *m, PyObject *noarg) {
	(void)noarg;
	pthread_mutex_lock(&m->mu);
	long long us = m->raw_us;
	pthread_mutex_unlock(&m->mu);
	return PyLong_FromLongLong(us);
}

/* post(item) / put_back(item): a dict, converted here (the caller holds the interpreter);
   put_back puts it before everything posted (what a Python reader took and left) */
static PyObject *mailbox_put(mailbox_object *m, PyObject *item, int front) {
	if (!PyDict_Check(item)) {
		PyErr_SetString(PyExc_TypeError, "Mailbox.post: a dict");
		return NULL;
	}
	if (!atomic_load(&godot_alive)) {
		PyErr_SetString(PyExc_RuntimeError, "Mailbox.post: Godot has shut down");
		return NULL;
	}
	godot_variant v;
	if (py2var(item, &v, 0) != 0) {
		api->godot_variant_destroy(&v);
		return NULL;
	}
	pthread_mutex_lock(&m->mu);
	if (front) {
		api->godot_array_push_front(&m->items, &v);
	} else {
		api->godot_array_append(&m->items, &v);
	}
	pthread_mutex_unlock(&m->mu);
	api->godot_variant_destroy(&v);
	Py_RETURN_NONE;
}

static PyObject *mailbox_post(mailbox_object *m, PyObject *item) { return mailbox_put(m, item, 0); }
static PyObject *mailbox_put_back(mailbox_object *m, PyObject *item) { return mailbox_put(m, item, 1); }

/* the items posted, taken out (Godot's array; the caller destroys it) */
static godot_array mail_take_locked(mailbox_object *m) {
	godot_array out = m->items;
	api->godot_array_new(&m->items);
	return out;
}

/* take_all() -> the items posted, as Python values, in order (a Python reader's way) */
static PyObject *mailbox_take_all(mailbox_object *m, PyObject *noarg) {
	(void)noarg;
	if (!atomic_load(&godot_alive)) return PyList_New(0);
	pthread_mutex_lock(&m->mu);
	godot_array items = mail_take_locked(m);
	pthread_mutex_unlock(&m->mu);
	godot_variant v;
	api->godot_variant_new_array(&v, &items);
	api->godot_array_destroy(&items);
	PyObject *out = var2py(&v, 0);
	api->godot_variant_destroy(&v);
	return out;
}

static PyMethodDef mailbox_methods[] = {
	{ "add", (PyCFunction)mailbox_add, METH_O, "Hand over real microseconds." },
	{ "wait", (PyCFunction)mailbox_wait, METH_VARARGS, "wait(wake_at_us, most_s) -> microseconds taken." },
	{ "poke", (PyCFunction)mailbox_poke, METH_NOARGS, "Wake the waiting sim thread." },
	{ "close", (PyCFunction)mailbox_close, METH_NOARGS, "No more frames: take_mail gives nil from now on." },
	{ "pending", (PyCFunction)mailbox_pending, METH_NOARGS, "Microseconds handed over, not taken." },
	{ "post", (PyCFunction)mailbox_post, METH_O, "Post a dict (converted now)." },
	{ "put_back", (PyCFunction)mailbox_put_back, METH_O, "Post a dict before all others." },
	{ "take_all", (PyCFunction)mailbox_take_all, METH_NOARGS, "The posted dicts, taken out." },
	{ NULL, NULL, 0, NULL }
};

static PyTypeObject mailbox_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "_godot.Mailbox",
	.tp_basicsize = sizeof(mailbox_object),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "The sim thread's mailbox: frames take what it posted without calling Python.",
	.tp_new = mailbox_new,
	.tp_dealloc = (destructor)mailbox_dealloc,
	.tp_methods = mailbox_methods,
};

static PyMethodDef godot_methods[] = {
	{ "print", m_godot_print, METH_O, "Print a line through Godot's print (stdout and log)." },
	{ "print_error", m_godot_print_error, METH_O, "Print text as a Godot error." },
	{ NULL, NULL, 0, NULL }
};

static struct PyModuleDef godot_module = { PyModuleDef_HEAD_INIT, "_godot", NULL, -1, godot_methods, NULL, NULL, NULL, NULL };

static PyObject *PyInit__godot(void) {
	PyObject *mod = PyModule_Create(&godot_module);
	if (mod == NULL) return NULL;
	if (PyType_Ready(&mailbox_type) < 0 || PyModule_AddType(mod, &mailbox_type) < 0) {
		Py_DECREF(mod);
		return NULL;
	}
	return mod;
}

static const char *INIT_CODE =
		"import sys, _godot\n"
		"class _GodotStdout:\n"
		"    encoding = 'utf-8'\n"
		"    errors = 'replace'\n"
		"    def __init__(self):\n"
		"        self._buf = ''\n"
		"    def write(self, s):\n"
		"        s = self._buf + str(s)\n"
		"        *lines, self._buf = s.split('\\n')\n"
		"        for line in lines:\n"
		"            _godot.print(line)\n"
		"        return len(s)\n"
		"    def flush(self):\n"
		"        if self._buf:\n"
		"            _godot.print(self._buf)\n"
		"            self._buf = ''\n"
		"    def isatty(self):\n"
		"        return False\n"
		"    def fileno(self):\n"
		"        return 1\n"
		"sys.stdout = _GodotStdout()\n";

/* ------------------------------------------------------------------------------------------ */
/* starting Python                                                                              */

/* malloc'd "a" + "b" */
static char *path_join(const char *a, const char *b) {
	size_t n = strlen(a) + strlen(b) + 1;
	char *p = malloc(n);
	if (p != NULL) snprintf(p, n, "%s%s", a, b);
	return p;
}

/* The venv's python next to a ".../lib/pythonX.Y/site-packages" path, if there is one. */
static char *venv_python_from_paths(const godot_array *paths) {
	godot_int n = api->godot_array_size(paths);
	for (godot_int i = 0; i < n; i++) {
		const godot_variant *v = api->godot_array_operator_index_const(paths, i);
		if (api->godot_variant_get_type(v) != GODOT_VARIANT_TYPE_STRING) continue;
		godot_string s = api->godot_variant_as_string(v);
		godot_char_string cs = api->godot_string_utf8(&s);
		char *p = strdup(api->godot_char_string_get_data(&cs));
		api->godot_char_string_destroy(&cs);
		api->godot_string_destroy(&s);
		if (p == NULL) return NULL; /* no memory: python_start's own strdup says so */
		size_t len = strlen(p);
		while (len > 1 && p[len - 1] == '/') p[--len] = '\0';
		const char *suffix = "/site-packages";
		size_t sl = strlen(suffix);
		if (len > sl && strcmp(p + len - sl, suffix) == 0) {
			/* strip three components: site-packages, pythonX.Y, lib */
			int ok = 1;
			for (int k = 0; k < 3 && ok; k++) {
				char *slash = strrchr(p, '/');
				if (slash == NULL || slash == p) ok = 0; else *slash = '\0';
			}
			if (ok) {
				const char *names[] = { "/bin/python3", "/bin/python" };
				for (int k = 0; k < 2; k++) {
					char *exe = path_join(p, names[k]);
					if (exe == NULL) break;
					if (access(exe, X_OK) == 0) {
						free(p);
						return exe;
					}
					free(exe);
				}
			}
		}
		free(p);
	}
	return NULL;
}

static void promote_libpython(void) {
	Dl_info info;
	void *h = NULL;
	if (dladdr((void *)&Py_InitializeFromConfig, &info) != 0 && info.dli_fname != NULL) {
		h = dlopen(info.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
	}
	if (h == NULL) {
		char name[64];
		snprintf(name, sizeof name, "libpython%d.%d.so.1.0", PY_MAJOR_VERSION, PY_MINOR_VERSION);
		h = dlopen(name, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
	}
	/* keep the handle: the library must stay loaded with global visibility */
	(void)h;
	/* and this library too: the sim thread sleeps in a Mailbox's wait(), which is code of
	   ours, and Godot unloads GDNative libraries at exit while that thread lives on (it is a
	   daemon: Python is never finalised) */
	Dl_info self;
	if (dladdr((void *)&promote_libpython, &self) != 0 && self.dli_fname != NULL) {
		(void)dlopen(self.dli_fname, RTLD_NOW | RTLD_NODELETE | RTLD_NOLOAD);
	}
}

/* The exported game's own Python (build/export_python.py): the folder "python" beside this
   library, when it holds lib/pythonX.Y/os.py. Returns its malloc'd real path, or NULL (the
   source tree: Python comes from the machine, as the bridge was linked). */
static char *find_python_bundle(void) {
	Dl_info info;
	if (dladdr((void *)&find_python_bundle, &info) == 0 || info.dli_fname == NULL) return NULL;
	char *self = realpath(info.dli_fname, NULL);
	if (self == NULL) return NULL;
	char *slash = strrchr(self, '/');
	if (slash != NULL) *slash = '\0';
	char *home = slash != NULL ? path_join(self, "/python") : NULL;
	free(self);
	if (home == NULL) return NULL;
	char rel[64];
	snprintf(rel, sizeof rel, "/lib/python%d.%d/os.py", PY_MAJOR_VERSION, PY_MINOR_VERSION);
	char *probe = path_join(home, rel);
	int found = probe != NULL && access(probe, R_OK) == 0;
	free(probe);
	if (!found) {
		free(home);
		return NULL;
	}
	return home;
}

/* PyConfig for the bundle at home: sys.prefix = home, sys.path = its standard library and
   lib-dynload only (start() puts the caller's paths in front), nothing from the machine (the
   config is isolated: PYTHONHOME, PYTHONPATH and the user site are ignored). */
static PyStatus config_for_bundle(PyConfig *config, const char *home) {
	char rel[64];
	PyStatus st = PyConfig_SetBytesString(config, &config->home, home);
	if (PyStatus_Exception(st)) return st;
	/* sys.executable: there is no interpreter binary in the bundle; a path inside it (that does
	   not exist) rather than a search of $PATH for some other Python */
	snprintf(rel, sizeof rel, "/bin/python%d.%d", PY_MAJOR_VERSION, PY_MINOR_VERSION);
	char *exe = path_join(home, rel);
	st = exe ? PyConfig_SetBytesString(config, &config->program_name, exe) : PyStatus_NoMemory();
	if (!PyStatus_Exception(st)) st = PyConfig_SetBytesString(config, &config->executable, exe);
	free(exe);
	if (PyStatus_Exception(st)) return st;
	/* the module search path follows from home (getpath): home/lib/pythonXY.zip (absent),
	   home/lib/pythonX.Y and its lib-dynload; setting it here instead would leave
	   sys._stdlib_dir unset, and the frozen modules (os ...) without __file__ */
	/* the export folder stays as shipped (it may be read-only): no __pycache__ written */
	config->write_bytecode = 0;
	/* say so when libpython itself came from elsewhere (a bridge linked without the rpath) */
	Dl_info info;
	if (dladdr((void *)&Py_InitializeFromConfig, &info) != 0 && info.dli_fname != NULL) {
		char *lib = realpath(info.dli_fname, NULL);
		if (lib != NULL && (strncmp(lib, home, strlen(home)) != 0 || lib[strlen(home)] != '/')) {
			char text[1024];
			snprintf(text, sizeof text, "pybridge: libpython was loaded from %s, not from the bundle %s", lib, home);
			print_error(text, "python_start");
		}
		free(lib);
	}
	return PyStatus_Ok();
}

static int python_start(const godot_array *paths) {
	if (py_state != 0) return py_state == 1 ? 0 : -1;
	promote_libpython();
	if (PyImport_AppendInittab("_godot", PyInit__godot) != 0) {
		snprintf(py_fail_text, sizeof py_fail_text, "pybridge: PyImport_AppendInittab failed");
		py_state = -1;
		return -1;
	}
	/* numpy's OpenBLAS starts a thread per core that spins for a while after numpy loads and
	   after each BLAS call: pysim makes no call worth a thread, and on a two-core machine a
	   spinning thread takes time from Godot's own (a value the user set is kept) */
	setenv("OPENBLAS_NUM_THREADS", "1", 0);
	PyConfig config;
	PyConfig_InitIsolatedConfig(&config);
	config.site_import = 0;
	config.install_signal_handlers = 0;
	config.parse_argv = 0;
	PyStatus st;
	char *bundle = find_python_bundle();
	if (bundle != NULL) {
		/* an exported game: its own interpreter, standard library and modules only */
		st = config_for_bundle(&config, bundle);
		free(bundle);
	} else {
		/* sys.executable: the venv's python when a venv site-packages is on the path, else the
		   interpreter the bridge was built against (never a search of $PATH, which could find a
		   different Python whose standard library does not match this libpython) */
		char *exe = venv_python_from_paths(paths);
		int have_exe = exe != NULL || access(PYBRIDGE_PYTHON_EXE, X_OK) == 0;
		if (exe == NULL && have_exe) exe = strdup(PYBRIDGE_PYTHON_EXE);
		if (have_exe && exe == NULL) {
			/* no memory: not a start without sys.executable (Python would search $PATH) */
			st = PyStatus_NoMemory();
		} else {
			st = PyConfig_SetBytesString(&config, &config.program_name, exe ? exe : PYBRIDGE_PYTHON_EXE);
			if (!PyStatus_Exception(st) && exe != NULL) {
				st = PyConfig_SetBytesString(&config, &config.executable, exe);
			}
		}
		free(exe);
	}
	if (!PyStatus_Exception(st)) {
		st = Py_InitializeFromConfig(&config);
	}
	PyConfig_Clear(&config);
	if (PyStatus_Exception(st)) {
		snprintf(py_fail_text, sizeof py_fail_text, "pybridge: Python failed to start: %s%s%s",
				st.func ? st.func : "", st.func ? ": " : "", st.err_msg ? st.err_msg : "(no message)");
		py_state = -1;
		return -1;
	}
	py_state = 1;
	if (PyRun_SimpleString(INIT_CODE) != 0) {
		print_error("pybridge: could not route sys.stdout to Godot", "python_start");
	}
	PyObject *tb = PyImport_ImportModule("traceback");
	if (tb != NULL) {
		tb_format = PyObject_GetAttrString(tb, "format_exception");
		Py_DECREF(tb);
	}
	PyErr_Clear();
	/* release the GIL: every entry point takes it with PyGILState_Ensure */
	PyEval_SaveThread();
	return 0;
}

/* with the GIL held */
static void try_import_numpy(void) {
	if (np_mod != NULL) return;
	PyObject *m = PyImport_ImportModule("numpy");
	if (m == NULL) {
		PyErr_Clear();
		return;
	}
	np_generic = PyObject_GetAttrString(m, "generic");
	np_ndarray = PyObject_GetAttrString(m, "ndarray");
	np_frombuffer = PyObject_GetAttrString(m, "frombuffer");
	np_ascontig = PyObject_GetAttrString(m, "ascontiguousarray");
	if (!np_generic || !np_ndarray || !np_frombuffer || !np_ascontig) {
		PyErr_Clear();
		Py_CLEAR(np_generic);
		Py_CLEAR(np_ndarray);
		Py_CLEAR(np_frombuffer);
		Py_CLEAR(np_ascontig);
		Py_DECREF(m);
		return;
	}
	np_mod = m;
}

/* ------------------------------------------------------------------------------------------ */
/* NativeScript class                                                                           */

/* NULL when there is no memory: start() and invoke() then return an error value (Godot keeps
   the NULL as the instance's user data and passes it to every method). */
static void *bridge_create(godot_object *owner, void *method_data) {
	(void)owner;
	(void)method_data;
	return calloc(1, sizeof(bridge_instance));
}

#define NO_INSTANCE_TEXT "PyBridge: this instance has no data (out of memory when it was made)"

static void bridge_destroy(godot_object *owner, void *method_data, void *user_data) {
	(void)owner;
	(void)method_data;
	bridge_instance *b = (bridge_instance *)user_data;
	if (b == NULL) return;
	if ((b->obj != NULL || b->mail != NULL) && py_state == 1 && Py_IsInitialized()) {
		PyGILState_STATE g = take_python();
		Py_CLEAR(b->mail);
		Py_CLEAR(b->obj);
		PyGILState_Release(g);
	}
	free(b);
}

static int check_arg(int num_args, godot_variant **args, int i, godot_variant_type t) {
	return i < num_args && api->godot_variant_get_type(args[i]) == t;
}

static godot_variant bridge_start(godot_object *owner, void *method_data, void *user_data, int num_args, godot_variant **args) {
	(void)owner;
	(void)method_data;
	bridge_instance *b = (bridge_instance *)user_data;
	if (num_args != 4 || !check_arg(num_args, args, 0, GODOT_VARIANT_TYPE_ARRAY) ||
			!check_arg(num_args, args, 1, GODOT_VARIANT_TYPE_STRING) ||
			!check_arg(num_args, args, 2, GODOT_VARIANT_TYPE_STRING) ||
			!check_arg(num_args, args, 3, GODOT_VARIANT_TYPE_ARRAY)) {
		return error_value("PyBridge.start(paths: Array, module: String, factory: String, args: Array): wrong arguments", "PyBridge.start");
	}
	if (b == NULL) return error_value(NO_INSTANCE_TEXT, "PyBridge.start");
	godot_array paths = api->godot_variant_as_array(args[0]);
	int ok = python_start(&paths);
	api->godot_array_destroy(&paths);
	if (ok != 0) {
		return error_value(py_fail_text, "PyBridge.start");
	}

	PyGILState_STATE g = take_python();
	godot_variant ret;
	PyObject *pypaths = NULL, *modname = NULL, *factory = NULL, *pyargs = NULL;
	PyObject *mod = NULL, *fn = NULL, *obj = NULL, *argt = NULL, *syspath = NULL, *p = NULL;

	pypaths = var2py(args[0], 0);
	if (pypaths == NULL) goto pyerror;
	/* held: PySequence_Contains runs the entries' __eq__, which may replace sys.path */
	syspath = PySys_GetObject("path"); /* borrowed */
	if (syspath == NULL || !PyList_Check(syspath)) {
		syspath = NULL;
		PyErr_SetString(PyExc_RuntimeError, "pybridge: sys.path is missing");
		goto pyerror;
	}
	Py_INCREF(syspath);
	/* insert in order at the front, skipping paths already there */
	Py_ssize_t at = 0;
	for (Py_ssize_t i = 0; i < PyList_GET_SIZE(pypaths); i++) {
		p = Py_NewRef(PyList_GET_ITEM(pypaths, i));
		if (!PyUnicode_Check(p)) {
			PyErr_SetString(PyExc_TypeError, "pybridge: start(): paths must be Strings");
			goto pyerror;
		}
		int has = PySequence_Contains(syspath, p);
		if (has < 0) goto pyerror;
		if (has == 0) {
			if (PyList_Insert(syspath, at, p) != 0) goto pyerror;
			at++;
		}
		Py_CLEAR(p);
	}
	try_import_numpy();

	modname = var2py(args[1], 0);
	factory = var2py(args[2], 0);
	pyargs = var2py(args[3], 0);
	if (modname == NULL || factory == NULL || pyargs == NULL) goto pyerror;
	mod = PyImport_Import(modname);
	if (mod == NULL) goto pyerror;
	fn = PyObject_GetAttr(mod, factory);
	if (fn == NULL) goto pyerror;
	argt = PyList_AsTuple(pyargs);
	if (argt == NULL) goto pyerror;
	obj = PyObject_Call(fn, argt, NULL);
	if (obj == NULL) goto pyerror;
	Py_XSETREF(b->obj, obj);
	obj = NULL;
	api->godot_variant_new_bool(&ret, 1);
	goto done;
pyerror:
	ret = python_error_value("PyBridge.start");
done:
	Py_XDECREF(pypaths);
	Py_XDECREF(modname);
	Py_XDECREF(factory);
	Py_XDECREF(pyargs);
	Py_XDECREF(mod);
	Py_XDECREF(fn);
	Py_XDECREF(argt);
	Py_XDECREF(obj);
	Py_XDECREF(syspath);
	Py_XDECREF(p);
	PyGILState_Release(g);
	return ret;
}

static godot_variant bridge_invoke(godot_object *owner, void *method_data, void *user_data, int num_args, godot_variant **args) {
	(void)owner;
	(void)method_data;
	bridge_instance *b = (bridge_instance *)user_data;
	if (num_args < 1 || num_args > 2 || !check_arg(num_args, args, 0, GODOT_VARIANT_TYPE_STRING) ||
			(num_args == 2 && !check_arg(num_args, args, 1, GODOT_VARIANT_TYPE_ARRAY))) {
		return error_value("PyBridge.invoke(method: String, args: Array): wrong arguments", "PyBridge.invoke");
	}
	if (b == NULL) return error_value(NO_INSTANCE_TEXT, "PyBridge.invoke");
	if (b->obj == NULL || py_state != 1) {
		return error_value("PyBridge.invoke: nothing started (call start() first, and check its result)", "PyBridge.invoke");
	}
	PyGILState_STATE g = take_python();
	godot_variant ret;
	PyObject *name = NULL, *res = NULL, *self = NULL;
	PyObject *stack_buf[9];
	PyObject **argv = stack_buf;
	godot_int nargs = 0, filled = 0;
	godot_array a;
	int have_array = 0;
	name = var2py(args[0], 0);
	if (name == NULL) goto pyerror;
	PyUnicode_InternInPlace(&name);
	if (num_args == 2) {
		a = api->godot_variant_as_array(args[1]);
		have_array = 1;
		nargs = api->godot_array_size(&a);
	}
	if (nargs + 1 > (godot_int)(sizeof stack_buf / sizeof stack_buf[0])) {
		argv = (PyObject **)malloc(sizeof(PyObject *) * (size_t)(nargs + 1));
		if (argv == NULL) {
			PyErr_NoMemory();
			goto pyerror;
		}
	}
	/* held: b->obj is only the instance's reference (start() on this instance replaces it,
	   and the call runs Python code, which may reach Godot again); argv[0] may also be
	   overwritten during the call (PY_VECTORCALL_ARGUMENTS_OFFSET), so self keeps it */
	self = Py_NewRef(b->obj);
	argv[0] = self;
	for (filled = 0; filled < nargs; filled++) {
		PyObject *item = var2py(api->godot_array_operator_index_const(&a, filled), 1);
		if (item == NULL) goto pyerror;
		argv[filled + 1] = item;
	}
	/* obj.method(*args) without making a bound method or a tuple */
	res = PyObject_VectorcallMethod(name, argv, (size_t)(nargs + 1) | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
	if (res == NULL) goto pyerror;
	if (py2var(res, &ret, 0) != 0) {
		api->godot_variant_destroy(&ret);
		goto pyerror;
	}
	goto done;
pyerror:
	ret = python_error_value("PyBridge.invoke");
done:
	for (godot_int i = 0; i < filled; i++) Py_DECREF(argv[i + 1]);
	if (argv != stack_buf) free(argv);
	if (have_array) api->godot_array_destroy(&a);
	Py_XDECREF(name);
	Py_XDECREF(res);
	Py_XDECREF(self);
	PyGILState_Release(g);
	return ret;
}

/* attach_mail() -> bool: takes the started object's sim_mailbox() (Session.sim_mailbox: the
   sim thread's _godot.Mailbox, or None), so take_mail can reach it without Python. */
static godot_variant bridge_attach_mail(godot_object *owner, void *method_data, void *user_data, int num_args, godot_variant **args) {
	(void)owner;
	(void)method_data;
	(void)num_args;
	(void)args;
	bridge_instance *b = (bridge_instance *)user_data;
	godot_variant ret;
	if (b == NULL || b->obj == NULL || py_state != 1) {
		api->godot_variant_new_bool(&ret, 0);
		return ret;
	}
	PyGILState_STATE g = take_python();
	Py_CLEAR(b->mail);
	PyObject *m = PyObject_CallMethod(b->obj, "sim_mailbox", NULL);
	if (m == NULL) {
		ret = python_error_value("PyBridge.attach_mail");
	} else {
		if (PyObject_TypeCheck(m, &mailbox_type)) {
			b->mail = m;
		} else {
			Py_DECREF(m);
		}
		api->godot_variant_new_bool(&ret, b->mail != NULL);
	}
	PyGILState_Release(g);
	return ret;
}

/* take_mail(delta: float) -> Array | null: a physics frame with the sim thread, and no call
   into Python: hands over delta seconds of real time and takes what the sim thread posted
   (an Array of {ran, changes, events}, in order; empty when nothing). null when no mailbox is
   attached or it is closed: the caller goes back to invoke("frame", ...). */
static godot_variant bridge_take_mail(godot_object *owner, void *method_data, void *user_data, int num_args, godot_variant **args) {
	(void)owner;
	(void)method_data;
	bridge_instance *b = (bridge_instance *)user_data;
	godot_variant ret;
	mailbox_object *m = b != NULL ? (mailbox_object *)b->mail : NULL;
	if (m == NULL || num_args != 1) {
		api->godot_variant_new_nil(&ret);
		return ret;
	}
	godot_variant_type t = api->godot_variant_get_type(args[0]);
	double delta = t == GODOT_VARIANT_TYPE_REAL || t == GODOT_VARIANT_TYPE_INT ? api->godot_variant_as_real(args[0]) : 0.0;
	pthread_mutex_lock(&m->mu);
	/* (NaN and negatives: nothing; a long frame: at most the mailbox's max_us, as in Python) */
	long long us = !(delta > 0.0) ? 0 : delta * 1e6 >= (double)m->max_us ? m->max_us : (long long)(delta * 1e6 + 0.5);
	if (m->closed) {
		pthread_mutex_unlock(&m->mu);
		api->godot_variant_new_nil(&ret);
		return ret;
	}
	mail_add_locked(m, us);
	godot_array items = mail_take_locked(m);
	pthread_mutex_unlock(&m->mu);
	api->godot_variant_new_array(&ret, &items);
	api->godot_array_destroy(&items);
	return ret;
}

static godot_variant bridge_python_entries(godot_object *owner, void *method_data, void *user_data, int num_args, godot_variant **args) {
	(void)owner;
	(void)method_data;
	(void)user_data;
	(void)num_args;
	(void)args;
	godot_variant ret;
	api->godot_variant_new_int(&ret, (int64_t)atomic_load(&python_entries));
	return ret;
}

static godot_variant bridge_python_version(godot_object *owner, void *method_data, void *user_data, int num_args, godot_variant **args) {
	(void)owner;
	(void)method_data;
	(void)user_data;
	(void)num_args;
	(void)args;
	godot_variant ret;
	godot_string s;
	const char *v = Py_GetVersion();
	gd_string_from_utf8(&s, v, (Py_ssize_t)strlen(v));
	api->godot_variant_new_string(&ret, &s);
	api->godot_string_destroy(&s);
	return ret;
}

/* ------------------------------------------------------------------------------------------ */
/* GDNative entry points                                                                        */

EXPORT void godot_gdnative_init(godot_gdnative_init_options *options) {
	api = options->api_struct;
	for (unsigned int i = 0; i < api->num_extensions; i++) {
		if (api->extensions[i]->type == GDNATIVE_EXT_NATIVESCRIPT) {
			nsapi = (const godot_gdnative_ext_nativescript_api_struct *)api->extensions[i];
		}
	}
}

EXPORT void godot_gdnative_terminate(godot_gdnative_terminate_options *options) {
	(void)options;
	atomic_store(&godot_alive, 0);
	/* Never Py_FinalizeEx: it hangs if a non-daemon thread is alive. Flush output only. */
	if (py_state == 1 && Py_IsInitialized()) {
		PyGILState_STATE g = take_python();
		PyRun_SimpleString(
				"import sys\n"
				"for _s in (sys.stdout, sys.stderr):\n"
				"    try:\n"
				"        _s.flush()\n"
				"    except Exception:\n"
				"        pass\n");
		PyGILState_Release(g);
	}
}

EXPORT void godot_nativescript_init(void *handle) {
	if (nsapi == NULL) return;
	godot_instance_create_func create = { bridge_create, NULL, NULL };
	godot_instance_destroy_func destroy = { bridge_destroy, NULL, NULL };
	nsapi->godot_nativescript_register_class(handle, "PyBridge", "Reference", create, destroy);

	godot_method_attributes attr = { GODOT_METHOD_RPC_MODE_DISABLED };
	godot_instance_method m;
	m = (godot_instance_method){ bridge_start, NULL, NULL };
	nsapi->godot_nativescript_register_method(handle, "PyBridge", "start", attr, m);
	m = (godot_instance_method){ bridge_invoke, NULL, NULL };
	nsapi->godot_nativescript_register_method(handle, "PyBridge", "invoke", attr, m);
	m = (godot_instance_method){ bridge_attach_mail, NULL, NULL };
	nsapi->godot_nativescript_register_method(handle, "PyBridge", "attach_mail", attr, m);
	m = (godot_instance_method){ bridge_take_mail, NULL, NULL };
	nsapi->godot_nativescript_register_method(handle, "PyBridge", "take_mail", attr, m);
	m = (godot_instance_method){ bridge_python_entries, NULL, NULL };
	nsapi->godot_nativescript_register_method(handle, "PyBridge", "python_entries", attr, m);
	m = (godot_instance_method){ bridge_python_version, NULL, NULL };
	nsapi->godot_nativescript_register_method(handle, "PyBridge", "python_version", attr, m);
}
