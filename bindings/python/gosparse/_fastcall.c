/* gosparse._fastcall: the optional C accelerator of the small-call path (issue 32
 * item 7). A ctypes call costs some 0.5 us of CPU, more than an 8 x 8 kernel; this
 * module calls the same library functions through C function pointers for a few
 * tens of ns. It does not link against libgosparse: gosparse._lib hands it the
 * addresses ctypes resolved in the library it loaded (bind), so the library found at
 * run time stays the one used. Tensors go in and out as plain ints (the handles'
 * addresses); each call returns the new handle (an int >= 0) or, on a non-zero
 * status, the status (an int < 0: every gs_status error is negative), which the
 * caller turns into the same exception as on the ctypes path. Every call releases
 * the GIL, as ctypes does: a call may run long, and the library calls back into
 * Python (release callbacks). Built for the stable ABI of CPython >= 3.10 (abi3). */

#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "gosparse.h"

/* A result below 0 is a status: gosparse.h's errors are negative. */
_Static_assert(GS_ERR_INVALID_ARGUMENT < 0 && GS_ERR_PERMISSION < 0,
               "gs_status errors are negative");

typedef gs_status (*free_fn)(gs_tensor **);
typedef gs_status (*layout_fn)(const gs_tensor *, gs_layout *);
typedef gs_status (*binary_fn)(const gs_tensor *, const gs_tensor *, const char *,
                               const gs_elementwise_args *, gs_tensor **);
typedef gs_status (*binary_number_fn)(const gs_tensor *, const gs_number *, int32_t,
                                      const char *, const gs_elementwise_args *, gs_tensor **);
/* gs_matmul and gs_bmm. */
typedef gs_status (*product_fn)(const gs_tensor *, const gs_tensor *, gs_tensor **);
typedef gs_status (*reduce_fn)(const gs_tensor *, const char *, const int32_t *, int32_t,
                               gs_tensor **);
typedef gs_status (*reduce_keepdim_fn)(const gs_tensor *, const char *, const int32_t *,
                                       int32_t, int32_t, gs_tensor **);

/* The library's functions, set once by bind (NULL before). */
static free_fn fn_free;
static layout_fn fn_layout;
static binary_fn fn_binary;
static binary_number_fn fn_binary_number;
static product_fn fn_matmul;
static product_fn fn_bmm;
static reduce_fn fn_reduce;
static reduce_keepdim_fn fn_reduce_keepdim;

/* The number of functions bind takes. */
#define N_FUNCTIONS 8

/* Whether bind has run; else a RuntimeError and 0. */
static int bound(void) {
    if (fn_free == NULL) {
        PyErr_SetString(PyExc_RuntimeError,
                        "gosparse._fastcall: bind() has not been called (gosparse._lib does)");
        return 0;
    }
    return 1;
}

/* The argument count n, else a TypeError naming the function and 0. */
static int arity(const char *name, Py_ssize_t nargs, Py_ssize_t n) {
    if (nargs != n) {
        PyErr_Format(PyExc_TypeError, "gosparse._fastcall.%s() takes %zd arguments (%zd given)",
                     name, n, nargs);
        return 0;
    }
    return 1;
}

/* The address an int holds (0: NULL), else -1 with a TypeError or OverflowError. */
static int address(PyObject *o, void **p) {
    if (!PyLong_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "gosparse._fastcall: expected an int address");
        return -1;
    }
    *p = PyLong_AsVoidPtr(o);
    return (*p == NULL && PyErr_Occurred()) ? -1 : 0;
}

/* The int32 an int holds, else -1 with an exception set. */
static int int32(PyObject *o, int32_t *v) {
    long x = PyLong_AsLong(o);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (x < INT32_MIN || x > INT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "gosparse._fastcall: value out of int32 range");
        return -1;
    }
    *v = (int32_t)x;
    return 0;
}

/* What a call that writes a tensor returns: its handle, or the (negative) status. */
static PyObject *result(gs_status status, gs_tensor *out) {
    if (status != 0)
        return PyLong_FromLong((long)status);
    return PyLong_FromVoidPtr(out);
}

PyDoc_STRVAR(bind_doc,
"bind(free, layout, binary, binary_number, matmul, bmm, reduce, reduce_keepdim)\n--\n\n"
"Use the library functions at these addresses (ints: gs_tensor_free,\n"
"gs_tensor_layout, gs_binary, gs_binary_number, gs_matmul, gs_bmm, gs_reduce,\n"
"gs_reduce_keepdim of the loaded libgosparse).\n"
"Each must be non-zero.");

static PyObject *bind(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    void *p[N_FUNCTIONS];
    (void)self;
    if (!arity("bind", nargs, N_FUNCTIONS))
        return NULL;
    for (Py_ssize_t i = 0; i < N_FUNCTIONS; i++) {
        if (address(args[i], &p[i]) < 0)
            return NULL;
        if (p[i] == NULL) {
            PyErr_Format(PyExc_ValueError, "gosparse._fastcall.bind(): argument %zd is a NULL "
                         "function address", i + 1);
            return NULL;
        }
    }
    /* Function pointers from object pointers: what dlsym's callers do. */
    fn_free = (free_fn)p[0];
    fn_layout = (layout_fn)p[1];
    fn_binary = (binary_fn)p[2];
    fn_binary_number = (binary_number_fn)p[3];
    fn_matmul = (product_fn)p[4];
    fn_bmm = (product_fn)p[5];
    fn_reduce = (reduce_fn)p[6];
    fn_reduce_keepdim = (reduce_keepdim_fn)p[7];
    Py_RETURN_NONE;
}

PyDoc_STRVAR(binary_doc,
"binary(a, b, op, args)\n--\n\n"
"gs_binary(a, b, op, args): handles a and b, op a bytes name, args the address of a\n"
"gs_elementwise_args (0: NULL). The result's handle, or the status.");

static PyObject *fast_binary(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    void *a, *b, *ea;
    const char *op;
    gs_tensor *out = NULL;
    gs_status status;
    (void)self;
    if (!arity("binary", nargs, 4) || !bound() || address(args[0], &a) < 0 ||
        address(args[1], &b) < 0 || (op = PyBytes_AsString(args[2])) == NULL ||
        address(args[3], &ea) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = fn_binary(a, b, op, ea, &out);
    Py_END_ALLOW_THREADS
    return result(status, out);
}

PyDoc_STRVAR(binary_by_strided_doc,
"binary_by_strided(a, b, op, args)\n--\n\n"
"binary(a, b, op, args) when b is strided (gs_tensor_layout): the result's handle,\n"
"or the status. None, calling nothing more, when b is sparse: a division by a sparse\n"
"tensor is the caller's to refuse or read dense.");

static PyObject *fast_binary_by_strided(PyObject *self, PyObject *const *args,
                                        Py_ssize_t nargs) {
    void *a, *b, *ea;
    const char *op;
    gs_layout layout = GS_STRIDED;
    gs_tensor *out = NULL;
    gs_status status;
    (void)self;
    if (!arity("binary_by_strided", nargs, 4) || !bound() || address(args[0], &a) < 0 ||
        address(args[1], &b) < 0 || (op = PyBytes_AsString(args[2])) == NULL ||
        address(args[3], &ea) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = fn_layout(b, &layout);
    if (status == 0 && layout == GS_STRIDED)
        status = fn_binary(a, b, op, ea, &out);
    Py_END_ALLOW_THREADS
    if (status == 0 && layout != GS_STRIDED)
        Py_RETURN_NONE;
    return result(status, out);
}

/* The number o as a gs_number, as gosparse._args.to_number makes it, when o is exactly
 * a float, a bool, an int that fits int64 or a complex: 1. Else 0 (a subclass, a numpy
 * number, an int out of range, anything else: the Python path takes it, with its own
 * errors), or -1 with an exception set. */
static int plain_number(PyObject *o, gs_number *n) {
    int overflow = 0;
    n->reserved = 0;
    n->i = 0;
    n->re = 0;
    n->im = 0;
    if (PyFloat_CheckExact(o)) {
        n->kind = GS_FLOAT64;
        n->re = PyFloat_AsDouble(o);
        return (n->re == -1.0 && PyErr_Occurred()) ? -1 : 1;
    }
    if (PyBool_Check(o)) {
        n->kind = GS_BOOL;
        n->i = o == Py_True;
        return 1;
    }
    if (PyLong_CheckExact(o)) {
        n->kind = GS_INT64;
        n->i = PyLong_AsLongLongAndOverflow(o, &overflow);
        if (n->i == -1 && PyErr_Occurred())
            return -1;
        return overflow == 0;
    }
    if (PyComplex_CheckExact(o)) {
        n->kind = GS_COMPLEX128;
        n->re = PyComplex_RealAsDouble(o);
        n->im = PyComplex_ImagAsDouble(o);
        return PyErr_Occurred() ? -1 : 1;
    }
    return 0;
}

PyDoc_STRVAR(binary_number_doc,
"binary_number(a, number, number_first, op, args)\n--\n\n"
"gs_binary_number(a, number, number_first, op, args) for number exactly a float,\n"
"bool, int (within int64) or complex, its kind that type's (bool, int64, float64,\n"
"complex128): the result's handle, or the status. None, calling nothing, for any\n"
"other number (the caller's own path takes it).");

static PyObject *fast_binary_number(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    void *a, *ea;
    const char *op;
    gs_number number;
    int32_t first;
    int plain;
    gs_tensor *out = NULL;
    gs_status status;
    (void)self;
    if (!arity("binary_number", nargs, 5) || !bound())
        return NULL;
    plain = plain_number(args[1], &number);
    if (plain < 0)
        return NULL;
    if (plain == 0)
        Py_RETURN_NONE;
    if (address(args[0], &a) < 0 || int32(args[2], &first) < 0 ||
        (op = PyBytes_AsString(args[3])) == NULL || address(args[4], &ea) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = fn_binary_number(a, &number, first, op, ea, &out);
    Py_END_ALLOW_THREADS
    return result(status, out);
}

/* fn(a, b) of the handles in args (a product: gs_matmul, gs_bmm), named name. */
static PyObject *product(product_fn fn, const char *name, PyObject *const *args,
                         Py_ssize_t nargs) {
    void *a, *b;
    gs_tensor *out = NULL;
    gs_status status;
    if (!arity(name, nargs, 2) || !bound() || address(args[0], &a) < 0 ||
        address(args[1], &b) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = fn(a, b, &out);
    Py_END_ALLOW_THREADS
    return result(status, out);
}

PyDoc_STRVAR(matmul_doc,
"matmul(a, b)\n--\n\n"
"gs_matmul(a, b): the result's handle, or the status.");

static PyObject *fast_matmul(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    return product(fn_matmul, "matmul", args, nargs);
}

PyDoc_STRVAR(bmm_doc,
"bmm(a, b)\n--\n\n"
"gs_bmm(a, b): the result's handle, or the status.");

static PyObject *fast_bmm(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    return product(fn_bmm, "bmm", args, nargs);
}

PyDoc_STRVAR(reduce_doc,
"reduce(t, op, dims, ndims)\n--\n\n"
"gs_reduce(t, op, dims, ndims): op a bytes name, dims the address of ndims int32\n"
"(0: NULL). The result's handle, or the status.");

static PyObject *fast_reduce(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    void *t, *dims;
    const char *op;
    int32_t ndims;
    gs_tensor *out = NULL;
    gs_status status;
    (void)self;
    if (!arity("reduce", nargs, 4) || !bound() || address(args[0], &t) < 0 ||
        (op = PyBytes_AsString(args[1])) == NULL || address(args[2], &dims) < 0 ||
        int32(args[3], &ndims) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = fn_reduce(t, op, dims, ndims, &out);
    Py_END_ALLOW_THREADS
    return result(status, out);
}

PyDoc_STRVAR(reduce_keepdim_doc,
"reduce_keepdim(t, op, dims, ndims, keepdim)\n--\n\n"
"gs_reduce_keepdim(t, op, dims, ndims, keepdim): the result's handle, or the status.");

static PyObject *fast_reduce_keepdim(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    void *t, *dims;
    const char *op;
    int32_t ndims, keepdim;
    gs_tensor *out = NULL;
    gs_status status;
    (void)self;
    if (!arity("reduce_keepdim", nargs, 5) || !bound() || address(args[0], &t) < 0 ||
        (op = PyBytes_AsString(args[1])) == NULL || address(args[2], &dims) < 0 ||
        int32(args[3], &ndims) < 0 || int32(args[4], &keepdim) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = fn_reduce_keepdim(t, op, dims, ndims, keepdim, &out);
    Py_END_ALLOW_THREADS
    return result(status, out);
}

/* "value", the attribute of a ctypes c_void_p that holds its address. */
static PyObject *value_name;

/* Handle.__del__ with the accelerator: gs_tensor_free of the handle's address, without
 * a Python frame. A failed free (a handle that is not live) is the library's refusal,
 * which a finalizer has nowhere to report: ctypes' __del__ ignores it too. */
static PyObject *handle_del(PyObject *self, PyObject *unused) {
    PyObject *v;
    void *t;
    (void)unused;
    v = PyObject_GetAttr(self, value_name);
    if (v == NULL)
        return NULL;
    t = v == Py_None ? NULL : PyLong_AsVoidPtr(v);
    Py_DECREF(v);
    if (t == NULL) {
        if (PyErr_Occurred())
            return NULL;
        Py_RETURN_NONE;
    }
    Py_BEGIN_ALLOW_THREADS
    fn_free((gs_tensor **)&t);
    Py_END_ALLOW_THREADS
    Py_RETURN_NONE;
}

static PyMethodDef handle_del_def = {
    "__del__", handle_del, METH_NOARGS,
    "Free the handle's tensor (gs_tensor_free), through the accelerator.",
};

PyDoc_STRVAR(finalizer_doc,
"finalizer(cls)\n--\n\n"
"The __del__ method for cls, a c_void_p subclass whose instances hold tensor handles:\n"
"it frees the handle through gs_tensor_free when its address is not NULL. Call bind\n"
"first.");

static PyObject *finalizer(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (!arity("finalizer", nargs, 1) || !bound())
        return NULL;
    if (!PyType_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "gosparse._fastcall.finalizer(): expected a class");
        return NULL;
    }
    return PyDescr_NewMethod((PyTypeObject *)args[0], &handle_del_def);
}

#define FAST(name, fn, doc) {name, (PyCFunction)(void (*)(void))fn, METH_FASTCALL, doc}

static PyMethodDef methods[] = {
    FAST("bind", bind, bind_doc),
    FAST("finalizer", finalizer, finalizer_doc),
    FAST("binary", fast_binary, binary_doc),
    FAST("binary_by_strided", fast_binary_by_strided, binary_by_strided_doc),
    FAST("binary_number", fast_binary_number, binary_number_doc),
    FAST("matmul", fast_matmul, matmul_doc),
    FAST("bmm", fast_bmm, bmm_doc),
    FAST("reduce", fast_reduce, reduce_doc),
    FAST("reduce_keepdim", fast_reduce_keepdim, reduce_keepdim_doc),
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "gosparse._fastcall",
    "The optional C accelerator of gosparse's small-call path: a few library functions\n"
    "called through the addresses gosparse._lib resolved (see _fastcall.c).",
    0,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__fastcall(void) {
    if (value_name == NULL && (value_name = PyUnicode_InternFromString("value")) == NULL)
        return NULL;
    return PyModule_Create(&module);
}
