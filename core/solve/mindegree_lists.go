package solve

// listRef locates one list of a quotient graph in its pool: entries
// pool[at : at+n], with room up to at+c.
type listRef struct {
	at   int
	n, c int32
}

// listPool holds every list of a quotient graph in one int32 array, each
// list named by an integer (see quotientGraph.varsOf and friends). Lists are
// offsets, not slices: no pointer per list for the garbage collector to
// trace or write barriers to guard, and the pool grows by doubling, so an
// ordering allocates a few times however many elements it forms. A list
// that outgrows its room moves to the pool's end; the room it leaves, like
// the lists of absorbed elements, is not reused.
type listPool struct {
	pool []int32
	refs []listRef
}

// list returns list k; it aliases the pool until the pool next grows.
func (l *listPool) list(k int) []int32 {
	r := l.refs[k]
	return l.pool[r.at : r.at+int(r.n) : r.at+int(r.c)]
}

// reserve makes list k empty with room for c entries at the pool's end.
func (l *listPool) reserve(k, c int) {
	if at := len(l.pool); at+c > cap(l.pool) {
		// Doubling (append grows large slices by a quarter): the
		// pool is copied a few times, not once every few elements.
		grown := make([]int32, at, max(2*cap(l.pool), at+c))
		copy(grown, l.pool)
		l.pool = grown
	}
	at := len(l.pool)
	l.pool = l.pool[:at+c]
	l.refs[k] = listRef{at: at, c: int32(c)}
}

// push appends v to list k, which must have room for it.
func (l *listPool) push(k int, v int32) {
	r := &l.refs[k]
	l.pool[r.at+int(r.n)] = v
	r.n++
}

// setLen sets list k's length to n, within its room.
func (l *listPool) setLen(k, n int) {
	l.refs[k].n = int32(n)
}

// trim gives back list k's room past its length, when k is the pool's last
// list: a new element reserves the most it could hold.
func (l *listPool) trim(k int) {
	r := &l.refs[k]
	if r.at+int(r.c) == len(l.pool) {
		l.pool = l.pool[:r.at+int(r.n)]
		r.c = r.n
	}
}

// appendTo appends v to list k, moving the list to the pool's end with
// room to spare when it is full.
func (l *listPool) appendTo(k int, v int32) {
	r := l.refs[k]
	if r.n == r.c {
		n := int(r.n)
		l.reserve(k, n+n/2+2)
		copy(l.pool[l.refs[k].at:], l.pool[r.at:r.at+n])
		l.refs[k].n = int32(n)
	}
	l.push(k, v)
}

// drop empties list k.
func (l *listPool) drop(k int) {
	l.refs[k] = listRef{}
}
