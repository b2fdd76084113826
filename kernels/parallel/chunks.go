package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gosparse/gosparse/kernels/cancel"
)

// RunChunks calls fn(w, c) once for every chunk c in [0, chunks), on up
// to workers goroutines, the calling one included; w in [0, workers) names
// the goroutine making the call (for its scratch), and one goroutine's
// calls never overlap. The caller waits for the chunks, not for the
// helpers: a helper that arrives after every chunk is taken finds none and
// leaves without touching anything, so a short job costs no more than done
// serially. The helpers are the pool's (see helperPool) when it is free,
// else new goroutines. A panic in a chunk is re-raised on the caller once
// every chunk has finished.
//
// The caller's cancel token (cancel.Current) is checked before each chunk,
// on every goroutine: a cancelled call takes no further chunk and unwinds
// on the caller once the chunks under way have finished.
func RunChunks(workers, chunks int, fn func(w, c int)) {
	tok := cancel.Current()
	if workers <= 1 || chunks <= 1 {
		for c := range chunks {
			tok.Check()
			fn(0, c)
			tok.Report(c+1, chunks)
		}
		return
	}
	workers = min(workers, chunks)
	r := &chunkRun{chunks: int64(chunks), workers: int64(workers), fn: fn, done: make(chan struct{}), tok: tok}
	r.left.Store(int64(chunks))
	r.joined.Store(1) // the caller is goroutine 0
	if helpers.offer(r) {
		r.work(0)
		helpers.withdraw(r)
	} else {
		for w := 1; w < workers; w++ {
			go r.work(w)
		}
		r.work(0)
	}
	r.await()
	if r.first != nil {
		panic(r.first.String())
	}
	if r.stopped.Load() {
		cancel.Stop()
	}
	// The helpers may have taken every chunk before the caller took one
	// (a loaded machine): the pass's end is reported from here too, so a
	// progress function hears of every parallel pass.
	tok.Report(chunks, chunks)
}

// chunkRun is the state of one RunChunks call, shared by its goroutines.
type chunkRun struct {
	next    atomic.Int64  // the next chunk to take
	left    atomic.Int64  // chunks not yet finished
	joined  atomic.Int64  // goroutine numbers handed out (pool helpers)
	done    chan struct{} // closed when left reaches zero
	chunks  int64
	workers int64
	fn      func(w, c int)
	tok     *cancel.Token // the caller's, checked before each chunk
	stopped atomic.Bool   // a chunk was skipped or stopped by tok
	mu      sync.Mutex
	first   *workerPanic // the first panic of a chunk
}

// join gives a pool helper its goroutine number, or false when the job
// has all the goroutines it asked for.
func (r *chunkRun) join() (int, bool) {
	w := r.joined.Add(1) - 1
	return int(w), w < r.workers
}

// work takes chunks until none is left, as goroutine w.
func (r *chunkRun) work(w int) {
	for {
		c := r.next.Add(1) - 1
		if c >= r.chunks {
			return
		}
		if r.stopped.Load() || r.tok.Cancelled() {
			r.stopped.Store(true)
		} else {
			r.run(w, int(c))
		}
		left := r.left.Add(-1)
		if left == 0 {
			close(r.done)
		}
		if w == 0 { // the caller's goroutine: progress reports go to its thread
			r.tok.Report(int(r.chunks-left), int(r.chunks))
		}
	}
}

// await returns once every chunk has finished (see awaitZero).
func (r *chunkRun) await() { awaitZero(&r.left, r.done) }

// run calls fn for chunk c, keeping a panic for the caller.
func (r *chunkRun) run(w, c int) {
	defer func() {
		if v := recover(); v != nil {
			if cancel.IsStop(v) {
				r.stopped.Store(true)
				return
			}
			buf := make([]byte, 4096)
			buf = buf[:runtime.Stack(buf, false)]
			r.mu.Lock()
			if r.first == nil {
				r.first = &workerPanic{value: v, stack: buf}
			}
			r.mu.Unlock()
		}
	}()
	r.fn(w, c)
}

// helperSpin is how long an idle pool helper keeps looking for the next
// job before it parks. A parked goroutine takes tens of microseconds to
// wake on a VM, most of a job of a few hundred; a polling one joins within
// a microsecond, so back-to-back products (a solver's iterations, a Python
// loop) split as well as long ones. OpenMP runtimes, torch's included,
// spin the same way; the cost is a core kept busy that long after a job.
var helperSpin atomic.Int64 // nanoseconds

func init() { helperSpin.Store(int64(200 * time.Microsecond)) }

// SetHelperSpin sets how long idle helper goroutines poll for the next job
// before they park (200 us by default; 0 parks them at once, for processes
// that share their cores with others).
func SetHelperSpin(d time.Duration) { helperSpin.Store(int64(max(d, 0))) }

// helperPool is a set of helper goroutines (up to GOMAXPROCS-1, started on
// demand) that join the one job on offer at a time.
type helperPool struct {
	job     atomic.Pointer[chunkRun] // the job on offer, or nil
	seq     atomic.Uint64            // jobs offered so far
	started atomic.Int64             // helpers started
	parked  atomic.Int64             // helpers waiting on wake
	wake    chan struct{}
}

var helpers = helperPool{wake: make(chan struct{}, 256)}

// offer puts r on offer, starting or waking helpers for it, and returns
// false when another job holds the pool (r then needs its own goroutines).
func (p *helperPool) offer(r *chunkRun) bool {
	if !p.job.CompareAndSwap(nil, r) {
		return false
	}
	p.seq.Add(1)
	want := r.workers - 1
	for n := p.started.Load(); n < want && n < int64(cap(p.wake)); n = p.started.Load() {
		if p.started.CompareAndSwap(n, n+1) {
			go p.helper()
		}
	}
	for range min(p.parked.Load(), want) {
		select {
		case p.wake <- struct{}{}:
		default:
		}
	}
	return true
}

// withdraw takes r off offer once the caller has no chunk left to take.
func (p *helperPool) withdraw(r *chunkRun) { p.job.CompareAndSwap(r, nil) }

// helper joins each job on offer, polls for helperSpin after the last one,
// then parks until offer wakes it. It keeps no job after finishing it (a
// job's closure may hold large arrays).
func (p *helperPool) helper() {
	var seen uint64
	for {
		idle := time.Now()
		for spins := 1; ; spins++ {
			// The number first: a job offered in between is seen next time.
			s := p.seq.Load()
			if r := p.job.Load(); r != nil && s != seen {
				seen = s
				if w, ok := r.join(); ok {
					r.work(w)
				}
				idle = time.Now()
				continue
			}
			if spins%256 == 0 {
				if time.Since(idle) > time.Duration(helperSpin.Load()) {
					break
				}
				runtime.Gosched() // let other goroutines have this core
			}
		}
		p.parked.Add(1)
		<-p.wake
		p.parked.Add(-1)
	}
}
