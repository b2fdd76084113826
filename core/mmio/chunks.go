package mmio

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// chunkBytes is the size a body chunk grows to before it is cut at the next
// line end: large enough that a goroutine parses it for about a millisecond,
// small enough that the chunks in flight (2*batchChunks per goroutine) stay
// a small part of the memory the entries take.
const chunkBytes = 1 << 20

// batchChunks is how many blocks per goroutine the writer formats together
// (writeBlocks); the reader holds up to twice as many chunks per goroutine
// read and not yet taken (eachChunk), so that memory beyond the entries
// stays bounded.
const batchChunks = 4

// bodyChunk is a piece of a file's body of whole lines: its bytes, the
// number of its first line and how many lines it holds.
type bodyChunk struct {
	data      []byte
	firstLine int64
	lines     int64
}

// chunkReader cuts the rest of a file, after the lines that lr returned,
// into bodyChunks.
type chunkReader struct {
	lr    *lineReader
	line  int64  // the last line handed out
	carry []byte // the start of a line cut by the last read
	size  int    // the size of the last chunk
	eof   bool
	mu    sync.Mutex
	free  [][]byte // buffers of merged chunks, for reuse (under mu)
}

// firstChunkBytes is the size of the first chunk; each next one doubles,
// up to chunkBytes: a small file costs memory in proportion to its bytes.
const firstChunkBytes = 8 << 10

// next returns the next chunk, or io.EOF after the last. A line of more
// than maxLineBytes is refused unless it is a comment, which is replaced by
// "%" (its content never matters; its line still counts).
func (cr *chunkReader) next() (bodyChunk, error) {
	if cr.eof && len(cr.carry) == 0 {
		return bodyChunk{}, io.EOF
	}
	cr.size = min(max(2*cr.size, firstChunkBytes), chunkBytes)
	buf := cr.reuse(len(cr.carry) + cr.size)
	if buf == nil {
		buf = make([]byte, 0, len(cr.carry)+cr.size)
	}
	buf = buf[:len(cr.carry)]
	copy(buf, cr.carry)
	cut := -1
	for {
		if err := cr.fill(&buf); err != nil {
			return bodyChunk{}, err
		}
		if cr.eof {
			cut = len(buf)
			break
		}
		if i := bytes.LastIndexByte(buf, '\n'); i >= 0 {
			cut = i + 1
			break
		}
		if len(buf) > maxLineBytes {
			// No line end in more than maxLineBytes: one long line.
			if !isComment(buf) {
				return bodyChunk{}, errs.Errorf(errs.ErrIO, "line %d: longer than %d bytes", cr.line+1, maxLineBytes)
			}
			if err := cr.skipLine(); err != nil {
				return bodyChunk{}, err
			}
			cr.carry = cr.carry[:0]
			cr.line++
			return bodyChunk{data: []byte("%"), firstLine: cr.line, lines: 1}, nil
		}
		buf = append(buf, make([]byte, len(buf))...)[:len(buf)] // room for a longer line
	}
	cr.carry = append(cr.carry[:0], buf[cut:]...)
	c := bodyChunk{data: buf[:cut], firstLine: cr.line + 1, lines: int64(bytes.Count(buf[:cut], nl))}
	if cut > 0 && buf[cut-1] != '\n' {
		c.lines++ // a last line without a terminator
	}
	cr.line += c.lines
	return c, nil
}

// fill reads into the free capacity of *buf, noting the end of the input.
func (cr *chunkReader) fill(buf *[]byte) error {
	b := *buf
	defer func() { *buf = b }()
	for len(b) < cap(b) {
		// Not io.ReadFull: its io.ErrUnexpectedEOF would hide a
		// truncated stream's own (gzip's) behind a plain end of input.
		n, err := cr.lr.br.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		switch {
		case err == io.EOF:
			cr.eof = true
			return nil
		case err != nil:
			return errs.Errorf(errs.ErrIO, "line %d: read failed: %v", cr.line+int64(bytes.Count(b, nl))+1, err)
		}
	}
	return nil
}

// skipLine discards the input up to and including the next line end.
func (cr *chunkReader) skipLine() error {
	for {
		_, err := cr.lr.br.ReadSlice('\n')
		switch {
		case err == nil:
			return nil
		case err == io.EOF:
			cr.eof = true
			return nil
		case !errors.Is(err, bufio.ErrBufferFull):
			return errs.Errorf(errs.ErrIO, "line %d: read failed: %v", cr.line+1, err)
		}
	}
}

// recycle keeps the buffer of a merged chunk for a later one (next may be
// running on the reading goroutine of eachChunk).
func (cr *chunkReader) recycle(c bodyChunk) {
	cr.mu.Lock()
	defer cr.mu.Unlock()
	if cap(c.data) >= chunkBytes && len(cr.free) < 2*batchChunks*runtime.GOMAXPROCS(0) {
		cr.free = append(cr.free, c.data[:0])
	}
}

// reuse takes a recycled buffer that holds n bytes, or returns nil.
func (cr *chunkReader) reuse(n int) []byte {
	cr.mu.Lock()
	defer cr.mu.Unlock()
	if k := len(cr.free); k > 0 && cap(cr.free[k-1]) >= n {
		buf := cr.free[k-1]
		cr.free = cr.free[:k-1]
		return buf
	}
	return nil
}

var nl = []byte{'\n'}

// forEachLine calls f with each line of data (without its terminator) and
// its number, from first on, until f returns false.
func forEachLine(data []byte, first int64, f func(line []byte, n int64) bool) {
	n := first
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		line := data
		if i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if !f(line, n) {
			return
		}
		n++
	}
}

// eachChunk reads the rest of the body in chunks of whole lines: parse runs
// on each chunk on one of GOMAXPROCS goroutines, as soon as the chunk is
// read and a goroutine is free, and take sees each chunk with its entries in
// file order (for the checks that depend on the chunks before it), after
// which the chunk's buffer is recycled. The chunks are read (and
// decompressed) on a goroutine of their own. No batch waits for its slowest
// chunk: a goroutine that the system holds back delays only the take of its
// chunk while the others parse the chunks after it, up to inFlight chunks
// read and not yet taken (the memory beyond the entries). It stops at the
// first error take returns; a read error is returned once the chunks read
// before it are taken. A panic in parse (a cancelled poll) is raised again
// here when its chunk's turn comes.
func eachChunk[T any](cr *chunkReader, tok *cancel.Token, parse func(bodyChunk) chunkEntries[T], take func(bodyChunk, *chunkEntries[T]) error) error {
	workers := runtime.GOMAXPROCS(0)
	inFlight := 2 * batchChunks * workers
	jobs := make(chan *chunkJob[T], inFlight)  // to the parsing goroutines
	order := make(chan *chunkJob[T], inFlight) // to this one, in file order
	slots := make(chan struct{}, inFlight)     // a chunk read and not taken holds one
	stop, stopped := make(chan struct{}), make(chan struct{})
	go readChunks(cr, jobs, order, slots, stop, stopped)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for j := range jobs {
				j.run(parse, stop)
			}
		})
	}
	defer func() {
		close(stop)
		<-stopped // cr is the caller's again (its line count, its buffers)
		wg.Wait() // no goroutine writes to the entries' arrays any more
	}()
	for j := range order {
		tok.Check()
		<-j.done
		if j.panicked != nil {
			panic(j.panicked)
		}
		if j.err != nil {
			if j.err == io.EOF {
				return nil
			}
			return j.err
		}
		if err := take(j.ch, &j.entries); err != nil {
			return err
		}
		cr.recycle(j.ch)
		<-slots
	}
	return nil
}

// chunkJob is one chunk on its way through eachChunk: the chunk or what ended
// the input (err: io.EOF or a read error), and once done is closed, its
// entries or the panic its parse raised.
type chunkJob[T any] struct {
	ch       bodyChunk
	err      error
	done     chan struct{}
	entries  chunkEntries[T]
	panicked any
}

// run parses j's chunk unless eachChunk has stopped, and closes j.done.
func (j *chunkJob[T]) run(parse func(bodyChunk) chunkEntries[T], stop <-chan struct{}) {
	defer close(j.done)
	defer func() { j.panicked = recover() }()
	select {
	case <-stop:
		return
	default:
	}
	if j.err == nil {
		j.entries = parse(j.ch)
	}
}

// readChunks sends each chunk of cr to jobs and order, one slot taken for each,
// until the input ends or fails (a last job carries the error) or stop is
// closed; then it closes jobs and order, and stopped.
func readChunks[T any](cr *chunkReader, jobs, order chan<- *chunkJob[T], slots chan<- struct{}, stop <-chan struct{}, stopped chan<- struct{}) {
	defer close(stopped)
	defer close(order)
	defer close(jobs)
	for {
		select { // stop first: a free slot must not keep the reading going
		case <-stop:
			return
		default:
		}
		select {
		case slots <- struct{}{}:
		case <-stop:
			return
		}
		ch, err := cr.next()
		j := &chunkJob[T]{ch: ch, err: err, done: make(chan struct{})}
		// Both have room: no more than cap(slots) jobs are unsent.
		jobs <- j
		order <- j
		if err != nil {
			return
		}
	}
}

// parallelParts runs f(0) ... f(n-1) on up to GOMAXPROCS goroutines, each
// taking the next index in turn. A panic in f (a cancelled poll) is passed
// on to the caller once all goroutines are done.
func parallelParts(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var (
		next  atomic.Int64
		wg    sync.WaitGroup
		mu    sync.Mutex
		first any
	)
	for range workers {
		wg.Go(func() {
			defer func() {
				if r := recover(); r != nil {
					mu.Lock()
					if first == nil {
						first = r
					}
					mu.Unlock()
					next.Store(int64(n)) // the others stop at their next part
				}
			}()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f(i)
			}
		})
	}
	wg.Wait()
	if first != nil {
		panic(first)
	}
}

// pollEvery checks tok every pollLines lines of a chunk (cancel.Poll's
// spacing, on a goroutine the token is not bound to).
func pollEvery(tok *cancel.Token, n int64) {
	if n&pollLines == 0 {
		tok.Check()
	}
}
