/* gosparse._fastcall: the optional C accelerator of the small-call path (issue 32
 * item 7). A ctypes call costs some 0.5 us of CPU, more than an 8 x 8 kernel; this
 * module calls the same library functions through C function pointers for a few
 * tens of ns. It does not link against libgosparse: gosparse._lib hands it the
 * addresses ctypes resolved in the library it loaded (bind), so the library found at
 * run time stays the one used. Its functions take tensors as plain ints (the handles'
 * addresses); each call returns the new handle (an int >= 0) or, on a non-zero
 * status, the status (an int < 0: every gs_status error is negative), which the
 * caller turns into the same exception as on the ctypes path. operators() makes the
 * commonest Tensor methods themselves C methods (a + b, a - b, a * b, a @ b, a.sum():
 * no Python frame, the result's Handle and Tensor made here). Every call releases
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
typedef gs_status (*unary_fn)(const gs_tensor *, const char *, const gs_elementwise_args *,
                              gs_tensor **);
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
static unary_fn fn_unary;
static binary_fn fn_binary;
static binary_number_fn fn_binary_number;
static product_fn fn_matmul;
static product_fn fn_bmm;
static reduce_fn fn_reduce;
static reduce_keepdim_fn fn_reduce_keepdim;

/* The number of functions bind takes. */
#define N_FUNCTIONS 9

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
"bind(free, layout, binary, binary_number, matmul, bmm, reduce, reduce_keepdim, unary)\n--\n\n"
"Use the library functions at these addresses (ints: gs_tensor_free,\n"
"gs_tensor_layout, gs_binary, gs_binary_number, gs_matmul, gs_bmm, gs_reduce,\n"
"gs_reduce_keepdim, gs_unary of the loaded libgosparse).\n"
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
    fn_unary = (unary_fn)p[8];
    Py_RETURN_NONE;
}

PyDoc_STRVAR(unary_doc,
"unary(a, op, args)\n--\n\n"
"gs_unary(a, op, args): handle a, op a bytes name, args the address of a\n"
"gs_elementwise_args (0: NULL). The result's handle, or the status.");

static PyObject *fast_unary(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    void *a, *ea;
    const char *op;
    gs_tensor *out = NULL;
    gs_status status;
    (void)self;
    if (!arity("unary", nargs, 3) || !bound() || address(args[0], &a) < 0 ||
        (op = PyBytes_AsString(args[1])) == NULL || address(args[2], &ea) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = fn_unary(a, op, ea, &out);
    Py_END_ALLOW_THREADS
    return result(status, out);
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

/* ---- The operators in C (operators()): a + b, a - b, a * b (Tensors, or a Tensor and a
 * plain number), a @ b (short strided products) and a.sum() run here without a Python
 * frame, making the result's Handle and Tensor here too; anything else calls the Python
 * method they replace, which takes its own path as before. */

/* The operators, by index into op_names and fallbacks. */
enum { OP_ADD, OP_SUB, OP_MUL, OP_MATMUL, OP_SUM, N_OPS };

/* The op names the library takes (OP_MATMUL's unused). */
static const char *const op_names[N_OPS] = {"add", "sub", "mul", "matmul", "sum"};

/* Set once by operators(): the Python methods replaced (called for what the C paths do
 * not take), gosparse._lib.Handle, gosparse._errors._check, the address of the plain
 * gs_elementwise_args, and the largest short product (m*k by k*n element counts). */
static PyObject *fallbacks[N_OPS];
static PyObject *handle_class;
static PyObject *check_fn;
static void *plain_args;
static long long short_work;
/* Interned names: the Tensor's Handle slot, the Handle's meta dict, its cached count. */
static PyObject *h_name, *meta_name, *numel_key;

/* The library calls the operators made, by op (read by tests: calls()). */
static unsigned long long op_calls[N_OPS];

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

/* The address the Handle h holds (its value; None: NULL), else -1 with an exception. */
static int handle_address(PyObject *h, void **p) {
    PyObject *v = PyObject_GetAttr(h, value_name);
    if (v == NULL)
        return -1;
    *p = v == Py_None ? NULL : PyLong_AsVoidPtr(v);
    Py_DECREF(v);
    return (*p == NULL && PyErr_Occurred()) ? -1 : 0;
}

/* A library call's result as a new Tensor of self's type holding a new Handle of out;
 * for a non-zero status, what _check raises (what: the function's name). The caller
 * still holds its operands' Handles: _check reads the thread's last error message,
 * which a free would clear. */
static PyObject *adopt(PyObject *self, gs_status status, gs_tensor *out, const char *what) {
    PyObject *addr, *h, *t = NULL;
    allocfunc alloc;
    if (status != 0) {
        PyObject *r = PyObject_CallFunction(check_fn, "is", (int)status, what);
        if (r != NULL) { /* _check raises for every error status */
            Py_DECREF(r);
            PyErr_Format(PyExc_RuntimeError, "gosparse._fastcall: %s failed with status %d",
                         what, (int)status);
        }
        return NULL;
    }
    addr = PyLong_FromVoidPtr(out);
    h = addr == NULL ? NULL : PyObject_CallFunctionObjArgs(handle_class, addr, NULL);
    Py_XDECREF(addr);
    if (h == NULL) {
        fn_free(&out); /* nothing holds it */
        return NULL;
    }
    alloc = (allocfunc)PyType_GetSlot(Py_TYPE(self), Py_tp_alloc);
    if (alloc == NULL)
        PyErr_SetString(PyExc_TypeError, "gosparse._fastcall: the Tensor class has no tp_alloc");
    else
        t = alloc(Py_TYPE(self), 0); /* object.__new__'s allocation: Tensor() refuses */
    if (t != NULL && PyObject_SetAttr(t, h_name, h) < 0)
        Py_CLEAR(t);
    Py_DECREF(h); /* held by t, or freed with its tensor */
    return t;
}

/* The element count a product cached on the Handle h (meta["strided_numel"]): 1 with
 * *n set, 0 when none is cached, -1 with an exception. */
static int cached_numel(PyObject *h, long long *n) {
    PyObject *meta = PyObject_GetAttr(h, meta_name), *v;
    int found = 0;
    if (meta == NULL)
        return -1;
    if (PyDict_Check(meta)) {
        v = PyDict_GetItemWithError(meta, numel_key); /* borrowed from meta */
        if (v != NULL) {
            *n = PyLong_AsLongLong(v);
            found = (*n == -1 && PyErr_Occurred()) ? -1 : 1;
        } else if (PyErr_Occurred()) {
            found = -1;
        }
    }
    Py_DECREF(meta);
    return found;
}

/* Whether the product of the strided tensors of Handles ha and hb is short (both element
 * counts cached, their product at most short_work): 1, 0, or -1 with an exception. */
static int short_product(PyObject *ha, PyObject *hb) {
    long long na, nb;
    int found = cached_numel(ha, &na);
    if (found == 1)
        found = cached_numel(hb, &nb);
    if (found != 1)
        return found;
    return na >= 0 && nb >= 0 && (nb == 0 || na <= short_work / nb);
}

/* self op other for the operators: two Tensors of one type in one gs_binary (gs_matmul
 * for a short product), a Tensor and a plain number in one gs_binary_number; anything
 * else the Python operator's. */
static PyObject *binary_operator(int op, PyObject *self, PyObject *other) {
    PyObject *ha, *hb = NULL, *r = NULL;
    void *pa, *pb;
    gs_tensor *out = NULL;
    gs_status status;
    gs_number number;
    int go;
    if ((ha = PyObject_GetAttr(self, h_name)) == NULL)
        return NULL;
    if (handle_address(ha, &pa) < 0)
        goto done;
    if (Py_TYPE(other) == Py_TYPE(self)) {
        if (other == self) { /* a op a: the object read once */
            hb = ha;
            Py_INCREF(hb);
        } else if ((hb = PyObject_GetAttr(other, h_name)) == NULL) {
            goto done;
        }
        if (handle_address(hb, &pb) < 0)
            goto done;
        go = pa != NULL && pb != NULL;
        if (go && op == OP_MATMUL && (go = short_product(ha, hb)) < 0)
            goto done;
        if (go) {
            Py_BEGIN_ALLOW_THREADS
            if (op == OP_MATMUL)
                status = fn_matmul(pa, pb, &out);
            else
                status = fn_binary(pa, pb, op_names[op], plain_args, &out);
            Py_END_ALLOW_THREADS
            op_calls[op]++;
            r = adopt(self, status, out, op == OP_MATMUL ? "gs_matmul" : "gs_binary");
            goto done;
        }
    } else if (pa != NULL && op != OP_MATMUL) {
        if ((go = plain_number(other, &number)) < 0)
            goto done;
        if (go) {
            Py_BEGIN_ALLOW_THREADS
            status = fn_binary_number(pa, &number, 0, op_names[op], plain_args, &out);
            Py_END_ALLOW_THREADS
            op_calls[op]++;
            r = adopt(self, status, out, "gs_binary_number");
            goto done;
        }
    }
    r = PyObject_CallFunctionObjArgs(fallbacks[op], self, other, NULL);
done:
    Py_DECREF(ha); /* after adopt: the Handles held the operands through _check */
    Py_XDECREF(hb);
    return r;
}

static PyObject *op_add(PyObject *self, PyObject *other) {
    return binary_operator(OP_ADD, self, other);
}

static PyObject *op_sub(PyObject *self, PyObject *other) {
    return binary_operator(OP_SUB, self, other);
}

static PyObject *op_mul(PyObject *self, PyObject *other) {
    return binary_operator(OP_MUL, self, other);
}

static PyObject *op_matmul(PyObject *self, PyObject *other) {
    return binary_operator(OP_MATMUL, self, other);
}

/* Tensor.sum: with no arguments, one gs_reduce over every dim; with any, the Python
 * method's. */
static PyObject *op_sum(PyObject *self, PyObject *args, PyObject *kwargs) {
    PyObject *h, *full, *r = NULL;
    void *p;
    gs_tensor *out = NULL;
    gs_status status;
    Py_ssize_t n = PyTuple_Size(args), i;
    if (n < 0)
        return NULL;
    if (n == 0 && (kwargs == NULL || PyDict_Size(kwargs) == 0)) {
        if ((h = PyObject_GetAttr(self, h_name)) == NULL)
            return NULL;
        if (handle_address(h, &p) == 0 && p != NULL) {
            Py_BEGIN_ALLOW_THREADS
            status = fn_reduce(p, op_names[OP_SUM], NULL, 0, &out);
            Py_END_ALLOW_THREADS
            op_calls[OP_SUM]++;
            r = adopt(self, status, out, "gs_reduce");
            Py_DECREF(h);
            return r;
        }
        Py_DECREF(h);
        if (PyErr_Occurred())
            return NULL;
    }
    if ((full = PyTuple_New(n + 1)) == NULL)
        return NULL;
    Py_INCREF(self);
    PyTuple_SetItem(full, 0, self);
    for (i = 0; i < n; i++) {
        PyObject *a = PyTuple_GetItem(args, i);
        Py_INCREF(a);
        PyTuple_SetItem(full, i + 1, a);
    }
    r = PyObject_Call(fallbacks[OP_SUM], full, kwargs);
    Py_DECREF(full);
    return r;
}

/* The operators' methods, bound to the Tensor class by operators(). */
static PyMethodDef operator_defs[N_OPS] = {
    {"__add__", op_add, METH_O, "self + other (torch's; gosparse._fastcall's operator)."},
    {"__sub__", op_sub, METH_O, "self - other (torch's; gosparse._fastcall's operator)."},
    {"__mul__", op_mul, METH_O, "self * other (torch's; gosparse._fastcall's operator)."},
    {"__matmul__", op_matmul, METH_O, "self @ other (torch's; gosparse._fastcall's operator)."},
    {"sum", (PyCFunction)(void (*)(void))op_sum, METH_VARARGS | METH_KEYWORDS,
     "sum($self, /, dim=None, keepdim=False, *, dtype=None, axis=None, keepdims=False)\n--\n\n"
     "torch's Tensor.sum (see gosparse.sum): self.sum() in one library call, every other\n"
     "form through the Python method (gosparse._reduce.ReduceOps.sum)."},
};

PyDoc_STRVAR(operators_doc,
"operators(cls, handle, check, plain_args, short_work, add, sub, mul, matmul, sum)\n--\n\n"
"The methods __add__, __sub__, __mul__, __matmul__ and sum of cls (gosparse.Tensor) in\n"
"C, as a dict by name: handle the Handle class, check _errors._check, plain_args the\n"
"address of the plain gs_elementwise_args, short_work the largest short product; the\n"
"last five the Python methods they replace, called for every case they do not take.\n"
"Call bind first.");

/* *slot = v, holding a reference to v and dropping the one to the object it replaces. */
static void keep(PyObject **slot, PyObject *v) {
    PyObject *old = *slot;
    Py_INCREF(v);
    *slot = v;
    Py_XDECREF(old);
}

static PyObject *operators(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *cls, *out;
    void *pa;
    long long work;
    int i;
    (void)self;
    if (!arity("operators", nargs, 5 + N_OPS) || !bound() || address(args[3], &pa) < 0)
        return NULL;
    cls = args[0];
    if (!PyType_Check(cls) || !PyType_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "gosparse._fastcall.operators(): expected classes");
        return NULL;
    }
    work = PyLong_AsLongLong(args[4]);
    if (work == -1 && PyErr_Occurred())
        return NULL;
    for (i = 0; i < N_OPS; i++) {
        if (!PyCallable_Check(args[5 + i])) {
            PyErr_Format(PyExc_TypeError, "gosparse._fastcall.operators(): %s is not callable",
                         operator_defs[i].ml_name);
            return NULL;
        }
    }
    if ((out = PyDict_New()) == NULL)
        return NULL;
    for (i = 0; i < N_OPS; i++) {
        PyObject *d = PyDescr_NewMethod((PyTypeObject *)cls, &operator_defs[i]);
        if (d == NULL || PyDict_SetItemString(out, operator_defs[i].ml_name, d) < 0) {
            Py_XDECREF(d);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(d);
    }
    keep(&handle_class, args[1]);
    keep(&check_fn, args[2]);
    for (i = 0; i < N_OPS; i++)
        keep(&fallbacks[i], args[5 + i]);
    plain_args = pa;
    short_work = work;
    return out;
}

PyDoc_STRVAR(calls_doc,
"calls()\n--\n\n"
"The library calls the operators in C have made, by op name: a dict of ints (for tests).");

static PyObject *calls(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *out, *v;
    int i;
    (void)self;
    (void)args;
    if (!arity("calls", nargs, 0) || (out = PyDict_New()) == NULL)
        return NULL;
    for (i = 0; i < N_OPS; i++) {
        v = PyLong_FromUnsignedLongLong(op_calls[i]);
        if (v == NULL || PyDict_SetItemString(out, op_names[i], v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(v);
    }
    return out;
}

#define FAST(name, fn, doc) {name, (PyCFunction)(void (*)(void))fn, METH_FASTCALL, doc}

static PyMethodDef methods[] = {
    FAST("bind", bind, bind_doc),
    FAST("finalizer", finalizer, finalizer_doc),
    FAST("operators", operators, operators_doc),
    FAST("calls", calls, calls_doc),
    FAST("unary", fast_unary, unary_doc),
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
    if (h_name == NULL && (h_name = PyUnicode_InternFromString("_h")) == NULL)
        return NULL;
    if (meta_name == NULL && (meta_name = PyUnicode_InternFromString("meta")) == NULL)
        return NULL;
    if (numel_key == NULL && (numel_key = PyUnicode_InternFromString("strided_numel")) == NULL)
        return NULL;
    return PyModule_Create(&module);
}
