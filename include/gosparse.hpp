// gosparse.hpp — an optional, header-only C++ interface over gosparse.h.
//
// C++17 or later. Link with libgosparse as a C program does; this header adds
// no symbols of its own (everything is inline).
//
//  - gosparse::tensor and gosparse::factor own a handle (RAII, move-only): the
//    destructor frees it.
//  - A failed call throws gosparse::error, carrying the gs_status and the
//    library's message (gs_last_error).
//  - Inputs are read through const views (gs_const_array): const data needs no
//    cast, and *_from constructors copy it.
//  - Autograd: tensor::requires_grad_, backward, grad, grad_fn_name, and the
//    per-thread RAII guards no_grad and enable_grad.
//  - Views of a tensor's index and value arrays (gosparse::span: std::span
//    under C++20, a small equivalent under C++17) borrow the tensor's memory:
//    they stay valid until its handle is freed (destruction or reset(); a move
//    hands the handle on, and the views stay valid).
//
// Thread safety and the rest of the contract are gosparse.h's.
#ifndef GOSPARSE_HPP
#define GOSPARSE_HPP

#if !defined(__cplusplus) || __cplusplus < 201703L
#error "gosparse.hpp needs C++17 or later (gosparse.h is the C interface)"
#endif

#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#if __cplusplus >= 202002L && __has_include(<span>)
#include <span>
#if defined(__cpp_lib_span)
#define GOSPARSE_HPP_STD_SPAN 1
#endif
#endif

#include "gosparse.h"

namespace gosparse {

// ---- span -------------------------------------------------------------------

#ifdef GOSPARSE_HPP_STD_SPAN
/// A view of contiguous elements: std::span.
template <class T>
using span = std::span<T>;
#else
/// A view of contiguous elements, the part of std::span this header uses
/// (C++17 has no std::span): pointer and count, iteration, indexing.
template <class T>
class span {
public:
    using element_type = T;
    using value_type = std::remove_cv_t<T>;
    using size_type = std::size_t;
    using iterator = T *;

    constexpr span() noexcept = default;
    constexpr span(T *data, std::size_t size) noexcept : data_(data), size_(size) {}
    /// From a contiguous container or array of a compatible element type
    /// (a span<const T> from a std::vector<T>, say).
    template <class C, class = std::enable_if_t<std::is_convertible_v<
                           std::remove_pointer_t<decltype(std::data(std::declval<C &>()))> (*)[],
                           T (*)[]>>>
    constexpr span(C &&c) noexcept : data_(std::data(c)), size_(std::size(c)) {}

    constexpr T *data() const noexcept { return data_; }
    constexpr std::size_t size() const noexcept { return size_; }
    constexpr bool empty() const noexcept { return size_ == 0; }
    constexpr T &operator[](std::size_t i) const noexcept { return data_[i]; }
    constexpr T *begin() const noexcept { return data_; }
    constexpr T *end() const noexcept { return data_ + size_; }

private:
    T *data_ = nullptr;
    std::size_t size_ = 0;
};
#endif

// ---- errors -----------------------------------------------------------------

/// A failed gosparse call: status() is its gs_status (GS_ERR_*), what() the
/// library's message, naming the argument and the rule it broke.
class error : public std::runtime_error {
public:
    error(gs_status status, const std::string &message)
        : std::runtime_error(message), status_(status) {}
    /// The gs_status of the failed call (negative).
    gs_status status() const noexcept { return status_; }

private:
    gs_status status_;
};

/// Throws gosparse::error for a status other than GS_OK, with the calling
/// thread's last error message.
inline void check(gs_status status) {
    if (status != GS_OK) throw error(status, gs_last_error());
}

// ---- dtypes -----------------------------------------------------------------

namespace detail {
template <class T>
struct dtype_of;
template <> struct dtype_of<std::int8_t> { static constexpr gs_dtype value = GS_INT8; };
template <> struct dtype_of<std::int16_t> { static constexpr gs_dtype value = GS_INT16; };
template <> struct dtype_of<std::int32_t> { static constexpr gs_dtype value = GS_INT32; };
template <> struct dtype_of<std::int64_t> { static constexpr gs_dtype value = GS_INT64; };
template <> struct dtype_of<std::uint8_t> { static constexpr gs_dtype value = GS_UINT8; };
template <> struct dtype_of<float> { static constexpr gs_dtype value = GS_FLOAT32; };
template <> struct dtype_of<double> { static constexpr gs_dtype value = GS_FLOAT64; };
template <> struct dtype_of<std::complex<float>> { static constexpr gs_dtype value = GS_COMPLEX64; };
template <> struct dtype_of<std::complex<double>> { static constexpr gs_dtype value = GS_COMPLEX128; };
template <> struct dtype_of<bool> {
    static_assert(sizeof(bool) == 1, "GS_BOOL is one byte");
    static constexpr gs_dtype value = GS_BOOL;
};
}  // namespace detail

/// The gs_dtype of a C++ element type: dtype_v<double> == GS_FLOAT64.
template <class T>
inline constexpr gs_dtype dtype_v = detail::dtype_of<std::remove_cv_t<T>>::value;

/// The name of a dtype ("float64"). gs_dtype and gs_layout are both int32_t,
/// so they are named by function (dtype_name, layout_name), not one to_string.
inline std::string dtype_name(gs_dtype dtype) {
    const char *name = nullptr;
    check(gs_dtype_name(dtype, &name));
    return name;
}

/// The name of a layout ("sparse_csr"; torch's without the "torch." prefix).
inline std::string layout_name(gs_layout layout) {
    const char *name = nullptr;
    check(gs_layout_name(layout, &name));
    return name;
}

/// A shape: one int64 size per dimension.
using shape_t = std::vector<std::int64_t>;

namespace detail {
// A contiguous range's elements as a const span (vector, array, C array, span).
template <class C>
auto const_span(const C &c) {
    using T = std::remove_cv_t<std::remove_pointer_t<decltype(std::data(c))>>;
    return span<const T>(std::data(c), std::size(c));
}

// A const input array over the caller's elements: nothing is cast, nothing written.
template <class T>
gs_const_array in_array(span<const T> data, const shape_t &shape) {
    if (shape.size() > GS_MAX_NDIM)
        throw error(GS_ERR_INVALID_ARGUMENT, "shape has " + std::to_string(shape.size()) +
                                                 " dimensions; at most GS_MAX_NDIM = 16");
    gs_const_array a;
    std::memset(&a, 0, sizeof a);
    a.data = data.data();
    a.dtype = dtype_v<T>;
    a.ndim = static_cast<std::int32_t>(shape.size());
    for (std::size_t d = 0; d < shape.size(); d++) a.shape[d] = shape[d];
    return a;
}

inline std::int64_t count(std::size_t n) { return static_cast<std::int64_t>(n); }
}  // namespace detail

// ---- array views --------------------------------------------------------------

/// A view of one array a tensor lends (values, indices, a level's pos or crd):
/// its dtype and shape, and its elements as a span of the matching type. It
/// borrows the tensor's memory: valid until the tensor's handle is freed.
class array_view {
public:
    /// Wraps an array lent by the library.
    explicit array_view(const gs_array &a) : a_(a) {}

    gs_dtype dtype() const noexcept { return a_.dtype; }
    shape_t shape() const { return shape_t(a_.shape, a_.shape + a_.ndim); }
    /// The number of elements (the product of the shape).
    std::size_t size() const noexcept {
        std::int64_t n = 1;
        for (std::int32_t d = 0; d < a_.ndim; d++) n *= a_.shape[d];
        return static_cast<std::size_t>(n);
    }
    /// The elements as T, which must be the array's dtype exactly (else error
    /// GS_ERR_DTYPE naming both).
    template <class T>
    span<const T> as() const {
        if (dtype_v<T> != a_.dtype)
            throw error(GS_ERR_DTYPE, "array_view::as: the array holds " + dtype_name(a_.dtype) +
                                          ", not " + dtype_name(dtype_v<T>));
        return span<const T>(static_cast<const T *>(a_.data), size());
    }
    /// Element i of an index array (int32 or int64), as int64.
    std::int64_t index(std::size_t i) const {
        if (a_.dtype == GS_INT32) return static_cast<const std::int32_t *>(a_.data)[i];
        if (a_.dtype == GS_INT64) return static_cast<const std::int64_t *>(a_.data)[i];
        throw error(GS_ERR_DTYPE, "array_view::index: the array holds " + dtype_name(a_.dtype) +
                                      ", not int32 or int64 indices");
    }
    /// An index array's elements as int64 (a copy; as<std::int32_t>() or
    /// as<std::int64_t>() read it in place).
    std::vector<std::int64_t> indices() const {
        std::vector<std::int64_t> out(size());
        for (std::size_t i = 0; i < out.size(); i++) out[i] = index(i);
        return out;
    }
    /// The lent gs_array itself.
    const gs_array &raw() const noexcept { return a_; }

private:
    gs_array a_;
};

// ---- tensors ------------------------------------------------------------------

/// A sparse or dense tensor: owns one gs_tensor handle, freed on destruction.
/// Move-only; clone() makes an independent copy.
class tensor {
public:
    /// An empty holder (no handle): valid() is false.
    tensor() noexcept = default;
    /// Takes ownership of a handle from the C API.
    explicit tensor(gs_tensor *handle) noexcept : h_(handle) {}
    tensor(const tensor &) = delete;
    tensor &operator=(const tensor &) = delete;
    tensor(tensor &&other) noexcept : h_(std::exchange(other.h_, nullptr)) {}
    tensor &operator=(tensor &&other) noexcept {
        if (this != &other) {
            reset();
            h_ = std::exchange(other.h_, nullptr);
        }
        return *this;
    }
    ~tensor() { reset(); }

    /// The handle, still owned by this tensor.
    const gs_tensor *get() const noexcept { return h_; }
    /// The handle for the calls that change a tensor (gs_mv_out's out, ...).
    gs_tensor *get_mutable() noexcept { return h_; }
    /// Gives up ownership: the caller frees the handle.
    gs_tensor *release() noexcept { return std::exchange(h_, nullptr); }
    /// Frees the handle now (a no-op when there is none).
    void reset() noexcept { gs_tensor_free(&h_); }
    bool valid() const noexcept { return h_ != nullptr; }
    explicit operator bool() const noexcept { return valid(); }

    // -- construction (copies the caller's data) --

    /// A COO tensor, torch.sparse_coo_tensor: indices (size.size(), nnz)
    /// row-major, int32 or int64; values (nnz); size one entry per dimension.
    template <class Indices, class Values>
    static tensor coo(const Indices &indices, const Values &values, const shape_t &size,
                      std::int32_t flags = GS_FLAGS_DEFAULT) {
        auto iv = detail::const_span(indices);
        auto vv = detail::const_span(values);
        const std::int64_t nnz = detail::count(vv.size()), sparse_dim = detail::count(size.size());
        if (detail::count(iv.size()) != sparse_dim * nnz)
            throw error(GS_ERR_INVALID_ARGUMENT,
                        "tensor::coo: indices has " + std::to_string(iv.size()) +
                            " elements; (sparse_dim = " + std::to_string(sparse_dim) +
                            ") x (nnz = " + std::to_string(nnz) + ") needed");
        gs_const_array ia = detail::in_array(iv, {sparse_dim, nnz});
        gs_const_array va = detail::in_array(vv, {nnz});
        gs_tensor *out = nullptr;
        check(gs_sparse_coo_from(GS_IN(&ia), GS_IN(&va), static_cast<std::int32_t>(size.size()),
                                 size.data(), flags, &out));
        return tensor(out);
    }

    /// A CSR matrix: crow_indices (rows + 1), col_indices (nnz), values (nnz),
    /// size {rows, cols}.
    template <class Crow, class Col, class Values>
    static tensor csr(const Crow &crow_indices, const Col &col_indices, const Values &values,
                      const shape_t &size, std::int32_t flags = GS_FLAGS_DEFAULT) {
        return compressed(GS_SPARSE_CSR, crow_indices, col_indices, values, size, flags);
    }

    /// A CSC matrix: ccol_indices (cols + 1), row_indices (nnz), values (nnz).
    template <class Ccol, class Row, class Values>
    static tensor csc(const Ccol &ccol_indices, const Row &row_indices, const Values &values,
                      const shape_t &size, std::int32_t flags = GS_FLAGS_DEFAULT) {
        return compressed(GS_SPARSE_CSC, ccol_indices, row_indices, values, size, flags);
    }

    /// A strided (dense) tensor holding a copy of data (row-major, shape's
    /// product elements).
    template <class Values>
    static tensor dense(const Values &data, const shape_t &shape) {
        auto dv = detail::const_span(data);
        std::int64_t n = 1;
        std::string dims;
        for (std::int64_t s : shape) {
            n *= s;
            dims += (dims.empty() ? "" : ", ") + std::to_string(s);
        }
        // The library sees only the pointer: the count is checked here.
        if (n != detail::count(dv.size()))
            throw error(GS_ERR_INVALID_ARGUMENT, "tensor::dense: data has " +
                                                     std::to_string(dv.size()) + " elements; shape [" +
                                                     dims + "] needs " + std::to_string(n));
        gs_const_array a = detail::in_array(dv, shape);
        gs_tensor *out = nullptr;
        check(gs_strided_from(GS_IN(&a), &out));
        return tensor(out);
    }

    // -- properties --

    gs_layout layout() const { return query<gs_layout>(gs_tensor_layout); }
    gs_dtype dtype() const { return query<gs_dtype>(gs_tensor_dtype); }
    /// layout_name(layout()): "sparse_csr", "strided", ...
    std::string layout_name() const { return gosparse::layout_name(layout()); }
    /// dtype_name(dtype()): "float64", ...
    std::string dtype_name() const { return gosparse::dtype_name(dtype()); }
    std::int32_t ndim() const { return query<std::int32_t>(gs_tensor_ndim); }
    shape_t shape() const {
        shape_t s(static_cast<std::size_t>(ndim()));
        check(gs_tensor_shape(h_, s.data(), static_cast<std::int32_t>(s.size())));
        return s;
    }
    /// Stored elements (nse).
    std::int64_t nnz() const { return query<std::int64_t>(gs_tensor_nnz); }
    std::int32_t sparse_dim() const { return query<std::int32_t>(gs_tensor_sparse_dim); }
    std::int32_t dense_dim() const { return query<std::int32_t>(gs_tensor_dense_dim); }
    /// 32 or 64; 0 for strided.
    std::int32_t index_width() const { return query<std::int32_t>(gs_tensor_index_width); }
    bool is_coalesced() const { return query<std::int32_t>(gs_tensor_is_coalesced) != 0; }

    // -- views (borrowed until the handle is freed) --

    /// Any component (GS_COMP_*).
    array_view component(gs_component which) const {
        gs_array a;
        check(gs_tensor_component(h_, which, &a));
        return array_view(a);
    }
    array_view values() const { return component(GS_COMP_VALUES); }
    array_view indices() const { return component(GS_COMP_INDICES); }
    array_view crow_indices() const { return component(GS_COMP_CROW_INDICES); }
    array_view col_indices() const { return component(GS_COMP_COL_INDICES); }
    array_view ccol_indices() const { return component(GS_COMP_CCOL_INDICES); }
    array_view row_indices() const { return component(GS_COMP_ROW_INDICES); }
    /// The values as T (the tensor's dtype exactly): values().as<T>().
    template <class T>
    span<const T> values_as() const {
        return values().as<T>();
    }

    // -- conversions (each a new tensor) --

    tensor clone() const { return unary(gs_clone); }
    /// Strided, the fill value materialised.
    tensor to_dense() const { return unary(gs_to_dense); }
    /// Any layout; blocksize for BSR/BSC only; index_width GS_INDEX_*.
    tensor to_layout(gs_layout layout, const std::int64_t *blocksize = nullptr,
                     std::int32_t index_width = GS_INDEX_AUTO) const {
        gs_tensor *out = nullptr;
        check(gs_to_layout(h_, layout, blocksize, -1, index_width, &out));
        return tensor(out);
    }
    tensor to_csr() const { return to_layout(GS_SPARSE_CSR); }
    tensor to_csc() const { return to_layout(GS_SPARSE_CSC); }
    tensor to_coo() const { return to_layout(GS_SPARSE_COO); }
    tensor coalesce() const { return unary(gs_coalesce); }
    tensor to_dtype(gs_dtype dtype) const {
        gs_tensor *out = nullptr;
        check(gs_to_dtype(h_, dtype, &out));
        return tensor(out);
    }
    /// The matrix transpose (torch's t()).
    tensor t() const { return unary(gs_t); }

    // -- autograd (gosparse.h's autograd section; torch's names) --

    /// Marks a leaf as requiring a gradient, or not (torch's requires_grad_);
    /// floating and complex dtypes only. Returns *this.
    tensor &requires_grad_(bool requires_grad = true) {
        check(gs_set_requires_grad(h_, requires_grad ? 1 : 0));
        return *this;
    }
    /// Whether gradients flow to or through this tensor.
    bool requires_grad() const { return query<std::int32_t>(gs_requires_grad) != 0; }
    /// False for the result of a recorded operation.
    bool is_leaf() const { return query<std::int32_t>(gs_is_leaf) != 0; }
    /// torch's backward(): accumulates d(this)/d(leaf) into every leaf that
    /// requires a gradient; this tensor must have one element. The graph is
    /// freed afterwards unless retain_graph.
    void backward(bool retain_graph = false) const { check(gs_backward(h_, nullptr, retain_graph ? 1 : 0)); }
    /// torch's backward(gradient): gradient has this tensor's shape and dtype.
    void backward(const tensor &gradient, bool retain_graph = false) const {
        check(gs_backward(h_, gradient.get(), retain_graph ? 1 : 0));
    }
    /// The gradient accumulated into this leaf: a new tensor, or an empty
    /// holder (valid() false) when there is none.
    tensor grad() const { return unary(gs_grad); }
    /// Drops the accumulated gradient (torch's zero_grad(set_to_none=True)).
    void zero_grad() { check(gs_zero_grad(h_)); }
    /// The same storage as a leaf that requires no gradient.
    tensor detach() const { return unary(gs_detach); }
    /// torch's name of the node that made this tensor ("SparseAddmmBackward0");
    /// empty for a leaf.
    std::string grad_fn_name() const {
        const char *name = nullptr;
        check(gs_grad_fn_name(h_, &name));
        return name ? std::string(name) : std::string();
    }

    /// torch's repr.
    std::string repr() const {
        std::int64_t needed = 0;
        check(gs_tensor_repr(h_, nullptr, 0, &needed));
        std::string s(static_cast<std::size_t>(needed) + 1, '\0');
        check(gs_tensor_repr(h_, &s[0], detail::count(s.size()), &needed));
        s.resize(static_cast<std::size_t>(needed));
        return s;
    }

private:
    template <class Compressed, class Plain, class Values>
    static tensor compressed(gs_layout layout, const Compressed &compressed_indices,
                             const Plain &plain_indices, const Values &values, const shape_t &size,
                             std::int32_t flags) {
        auto cv = detail::const_span(compressed_indices);
        auto pv = detail::const_span(plain_indices);
        auto vv = detail::const_span(values);
        gs_const_array ca = detail::in_array(cv, {detail::count(cv.size())});
        gs_const_array pa = detail::in_array(pv, {detail::count(pv.size())});
        gs_const_array va = detail::in_array(vv, {detail::count(vv.size())});
        gs_tensor *out = nullptr;
        check(gs_sparse_compressed_from(layout, GS_IN(&ca), GS_IN(&pa), GS_IN(&va),
                                        static_cast<std::int32_t>(size.size()), size.data(), flags,
                                        &out));
        return tensor(out);
    }

    template <class T>
    T query(gs_status (*fn)(const gs_tensor *, T *)) const {
        T v{};
        check(fn(h_, &v));
        return v;
    }

    tensor unary(gs_status (*fn)(const gs_tensor *, gs_tensor **)) const {
        gs_tensor *out = nullptr;
        check(fn(h_, &out));
        return tensor(out);
    }

    gs_tensor *h_ = nullptr;
};

/// Prints torch's repr.
inline std::ostream &operator<<(std::ostream &os, const tensor &t) { return os << t.repr(); }

/// The tensor's repr (torch's print form, layout and dtype named), as operator<< writes it.
inline std::string to_string(const tensor &t) { return t.repr(); }

namespace detail {
inline tensor binary(gs_status (*fn)(const gs_tensor *, const gs_tensor *, gs_tensor **),
                     const tensor &a, const tensor &b) {
    gs_tensor *out = nullptr;
    check(fn(a.get(), b.get(), &out));
    return tensor(out);
}
}  // namespace detail

// ---- operations -----------------------------------------------------------------

/// Matrix @ vector (torch.mv); operands of different dtypes promote.
inline tensor mv(const tensor &mat, const tensor &vec) { return detail::binary(gs_mv, mat, vec); }
/// Matrix @ matrix (torch.mm).
inline tensor mm(const tensor &mat1, const tensor &mat2) {
    return detail::binary(gs_mm, mat1, mat2);
}
/// torch.matmul.
inline tensor matmul(const tensor &a, const tensor &b) { return detail::binary(gs_matmul, a, b); }
/// torch.sparse.mm: sparse @ sparse gives sparse.
inline tensor sparse_mm(const tensor &mat1, const tensor &mat2) {
    return detail::binary(gs_sparse_mm, mat1, mat2);
}
/// mat @ vec written into out, an existing strided tensor of the result's
/// dtype and shape that shares no memory with the operands (nothing allocated).
inline void mv_out(const tensor &mat, const tensor &vec, tensor &out) {
    check(gs_mv_out(mat.get(), vec.get(), out.get_mutable()));
}
/// mat1 @ mat2 written into out, as mv_out.
inline void mm_out(const tensor &mat1, const tensor &mat2, tensor &out) {
    check(gs_mm_out(mat1.get(), mat2.get(), out.get_mutable()));
}

/// Element-wise a op b by torch's name ("add", "mul", "maximum", ...).
inline tensor binary(const tensor &a, const tensor &b, const char *op) {
    gs_tensor *out = nullptr;
    check(gs_binary(a.get(), b.get(), op, nullptr, &out));
    return tensor(out);
}
/// a + b (any two layouts of one shape).
inline tensor add(const tensor &a, const tensor &b) { return binary(a, b, "add"); }
inline tensor operator+(const tensor &a, const tensor &b) { return add(a, b); }
inline tensor operator*(const tensor &a, const tensor &b) { return binary(a, b, "mul"); }

/// Whether a and b have the same shape, dtype and dense value.
inline bool equal(const tensor &a, const tensor &b) {
    std::int32_t eq = 0;
    check(gs_equal(a.get(), b.get(), &eq));
    return eq != 0;
}

/// Reads a Matrix Market file (.mtx, .mtx.gz, .mtx.bz2): coordinate files give
/// a coalesced COO tensor, array files a strided one.
inline tensor mmread(const std::string &path) {
    gs_tensor *out = nullptr;
    check(gs_mm_read(path.c_str(), &out));
    return tensor(out);
}
/// Writes a 1-D or 2-D tensor as Matrix Market.
inline void mmwrite(const std::string &path, const tensor &t) {
    check(gs_mm_write(path.c_str(), t.get()));
}

/// torch.sparse.spsolve: A X = B (left) or X A = B, by LU.
inline tensor spsolve(const tensor &A, const tensor &B, bool left = true) {
    gs_tensor *out = nullptr;
    check(gs_spsolve(A.get(), B.get(), left ? 1 : 0, &out));
    return tensor(out);
}

// ---- autograd -------------------------------------------------------------------

/// Whether operations on the calling thread record gradients (torch's
/// is_grad_enabled).
inline bool is_grad_enabled() {
    std::int32_t on = 0;
    check(gs_is_grad_enabled(&on));
    return on != 0;
}

/// RAII torch.no_grad(): recording is off on the calling thread while the
/// guard lives; its destructor restores the state it found (guards nest).
/// Not movable: the state belongs to the thread and the scope that made it.
class no_grad {
public:
    no_grad() : prev_(is_grad_enabled()) { check(gs_set_grad_enabled(0)); }
    no_grad(const no_grad &) = delete;
    no_grad &operator=(const no_grad &) = delete;
    ~no_grad() { gs_set_grad_enabled(prev_ ? 1 : 0); }

private:
    bool prev_;
};

/// RAII torch.enable_grad(): recording is on while the guard lives (inside a
/// no_grad scope, say); the destructor restores the previous state.
class enable_grad {
public:
    enable_grad() : prev_(is_grad_enabled()) { check(gs_set_grad_enabled(1)); }
    enable_grad(const enable_grad &) = delete;
    enable_grad &operator=(const enable_grad &) = delete;
    ~enable_grad() { gs_set_grad_enabled(prev_ ? 1 : 0); }

private:
    bool prev_;
};

/// torch.autograd.grad for one output: the gradients of output with respect
/// to inputs (leaves or results), accumulated into no leaf; an empty holder
/// for an input output does not depend on. gradient: nullptr for ones (a
/// one-element output).
inline std::vector<tensor> autograd_grad(const tensor &output, const std::vector<const tensor *> &inputs,
                                         const tensor *gradient = nullptr, bool retain_graph = false) {
    std::vector<const gs_tensor *> in;
    in.reserve(inputs.size());
    for (const tensor *t : inputs) in.push_back(t ? t->get() : nullptr);
    std::vector<gs_tensor *> out(inputs.size(), nullptr);
    check(gs_autograd_grad(output.get(), gradient ? gradient->get() : nullptr, in.data(),
                           static_cast<std::int32_t>(in.size()), retain_graph ? 1 : 0, out.data()));
    std::vector<tensor> grads;
    grads.reserve(out.size());
    for (gs_tensor *g : out) grads.emplace_back(g);
    return grads;
}

// ---- factors ----------------------------------------------------------------------

/// A reusable LU or Cholesky factorization: owns one gs_factor handle.
/// Move-only; immutable once made, so one factor may solve from many threads.
class factor {
public:
    factor() noexcept = default;
    /// Takes ownership of a handle from the C API.
    explicit factor(gs_factor *handle) noexcept : h_(handle) {}
    factor(const factor &) = delete;
    factor &operator=(const factor &) = delete;
    factor(factor &&other) noexcept : h_(std::exchange(other.h_, nullptr)) {}
    factor &operator=(factor &&other) noexcept {
        if (this != &other) {
            reset();
            h_ = std::exchange(other.h_, nullptr);
        }
        return *this;
    }
    ~factor() { reset(); }

    /// LU with a column ordering and threshold partial pivoting (gs_splu).
    static factor lu(const tensor &A, gs_ordering ordering = GS_ORDER_DEFAULT,
                     double pivot_threshold = 1.0) {
        gs_factor *out = nullptr;
        check(gs_splu(A.get(), ordering, pivot_threshold, &out));
        return factor(out);
    }
    /// Cholesky of a symmetric (Hermitian) positive definite A (gs_cholesky).
    static factor cholesky(const tensor &A, gs_ordering ordering = GS_ORDER_DEFAULT) {
        gs_factor *out = nullptr;
        check(gs_cholesky(A.get(), ordering, &out));
        return factor(out);
    }

    /// Solves A X = B (left) or X A = B.
    tensor solve(const tensor &B, bool left = true) const {
        gs_tensor *out = nullptr;
        check(gs_factor_solve(h_, B.get(), left ? 1 : 0, &out));
        return tensor(out);
    }
    /// The order n of the factored matrix.
    std::int64_t order() const {
        std::int64_t n = 0;
        check(gs_factor_order(h_, &n));
        return n;
    }
    /// Entries stored in the factors.
    std::int64_t fill() const {
        std::int64_t n = 0;
        check(gs_factor_fill(h_, &n));
        return n;
    }
    /// GS_FACTOR_LU or GS_FACTOR_CHOLESKY.
    std::int32_t kind() const {
        std::int32_t k = 0;
        check(gs_factor_kind(h_, &k));
        return k;
    }

    const gs_factor *get() const noexcept { return h_; }
    gs_factor *release() noexcept { return std::exchange(h_, nullptr); }
    void reset() noexcept { gs_factor_free(&h_); }
    bool valid() const noexcept { return h_ != nullptr; }
    explicit operator bool() const noexcept { return valid(); }

private:
    gs_factor *h_ = nullptr;
};

}  // namespace gosparse

#endif  // GOSPARSE_HPP
