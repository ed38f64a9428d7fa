package warc

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strconv"
	"strings"
)

// dataFile is the WARC as the package stores it: one gzip member per
// record, with the members' offsets, its CRC-32, SHA-256 and size.
type dataFile struct {
	f      *os.File
	temp   bool // made for the package, removed after
	starts []int64
	crc    uint32
	sha256 string
	size   int64
}

func (d *dataFile) close() {
	d.f.Close()
	if d.temp {
		os.Remove(d.f.Name())
	}
}

// prepareData returns the WARC at path as a package stores it: the file
// itself when each of its gzip members holds one record, else a temporary
// copy in dir that the records of path, decompressed, are written to one
// gzip member each.
func prepareData(path, dir string) (*dataFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("wacz: %w", err)
	}
	d := &dataFile{f: f}
	crc, sum := crc32.NewIEEE(), sha256.New()
	var magic [2]byte
	if _, err := io.ReadFull(f, magic[:]); err != nil {
		f.Close()
		return nil, fmt.Errorf("wacz: %s: not a WARC (%w)", path, err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("wacz: %w", err)
	}
	if magic == [2]byte{0x1f, 0x8b} {
		var perRecord bool
		d.starts, d.size, perRecord, err = gzipMembers(io.TeeReader(f, io.MultiWriter(crc, sum)))
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("wacz: %s: %w", path, err)
		}
		if perRecord {
			d.crc, d.sha256 = crc.Sum32(), hex.EncodeToString(sum.Sum(nil))
			return d, nil
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			f.Close()
			return nil, fmt.Errorf("wacz: %w", err)
		}
	}
	defer f.Close()
	var in io.Reader = bufio.NewReaderSize(f, 64<<10)
	if magic == [2]byte{0x1f, 0x8b} {
		zr, err := gzip.NewReader(in) // every member, one after the other
		if err != nil {
			return nil, fmt.Errorf("wacz: %s: %w", path, err)
		}
		in = zr
	}
	out, err := recompress(in, dir)
	if err != nil {
		return nil, fmt.Errorf("wacz: %s: %w", path, err)
	}
	return out, nil
}

// equalOffsets reports whether two lists of offsets are the same.
func equalOffsets(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// spans returns the length of each span that starts at starts[i] and ends
// where the next begins (the last at end).
func spans(starts []int64, end int64) []int64 {
	out := make([]int64, len(starts))
	for i, s := range starts {
		next := end
		if i+1 < len(starts) {
			next = starts[i+1]
		}
		out[i] = next - s
	}
	return out
}

// gzipMembers reads r, a sequence of gzip members, to its end and returns
// where each member starts, r's size, and whether each member holds one
// WARC record and nothing more.
func gzipMembers(r io.Reader) (starts []int64, size int64, perRecord bool, err error) {
	cr := &countReader{r: r}
	br := bufio.NewReaderSize(cr, 64<<10)
	var zr *gzip.Reader
	perRecord = true
	for {
		at := cr.n - int64(br.Buffered())
		if _, err := br.Peek(1); errors.Is(err, io.EOF) {
			return starts, at, perRecord, nil
		} else if err != nil {
			return nil, 0, false, err
		}
		if zr == nil {
			zr, err = gzip.NewReader(br)
		} else {
			err = zr.Reset(br)
		}
		if err != nil {
			return nil, 0, false, fmt.Errorf("at byte %d: %w", at, err)
		}
		zr.Multistream(false)
		n := 0
		if err := splitRecords(zr, func(rec io.Reader) error {
			n++
			_, err := io.Copy(io.Discard, rec)
			return err
		}); err != nil {
			return nil, 0, false, fmt.Errorf("the gzip member at byte %d: %w", at, err)
		}
		perRecord = perRecord && n == 1
		starts = append(starts, at)
	}
}

// maxRecordHeader bounds a WARC record's header.
const maxRecordHeader = 1 << 20

// splitRecords reads r, WARC records one after the other, and calls each
// with a reader of one whole record (header, block and the blank lines that
// end it), which it must read to its end. It stops at the first error:
// each's, or a record that is not one (no WARC/ version line, a header
// over maxRecordHeader bytes, no Content-Length, a block cut short, no
// blank lines after it).
func splitRecords(r io.Reader, each func(io.Reader) error) error {
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		if _, err := br.Peek(1); errors.Is(err, io.EOF) {
			if n == 1 {
				return errors.New("no record")
			}
			return nil
		}
		var head bytes.Buffer
		length := int64(-1)
		for first := true; ; first = false {
			line, err := readLine(br, maxRecordHeader-head.Len())
			if err != nil {
				return fmt.Errorf("record %d: its header: %w", n, err)
			}
			head.Write(line)
			if first && !bytes.HasPrefix(line, []byte("WARC/")) {
				return fmt.Errorf("record %d does not start with a WARC/ version line", n)
			}
			text := strings.TrimRight(string(line), "\r\n")
			if text == "" {
				break
			}
			if name, value, ok := strings.Cut(text, ":"); ok && strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
				v, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
				if err != nil || v < 0 {
					return fmt.Errorf("record %d: Content-Length %q", n, value)
				}
				length = v
			}
		}
		if length < 0 {
			return fmt.Errorf("record %d has no Content-Length", n)
		}
		body := &io.LimitedReader{R: br, N: length}
		end := &recordEnd{r: br, n: n}
		if err := each(io.MultiReader(&head, body, end)); err != nil {
			return err
		}
		if body.N > 0 || !end.done {
			return fmt.Errorf("record %d: its block is cut short", n)
		}
	}
}

// readLine reads one line, its newline included, of at most max bytes.
func readLine(br *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for {
		part, err := br.ReadSlice('\n')
		if len(line)+len(part) > max {
			return nil, fmt.Errorf("longer than %d bytes", maxRecordHeader)
		}
		line = append(line, part...)
		switch {
		case err == nil:
			return line, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			return nil, io.ErrUnexpectedEOF
		default:
			return nil, err
		}
	}
}

// recordEnd reads the blank lines that end a record, and fails when they
// are not there.
type recordEnd struct {
	r    *bufio.Reader
	n    int
	done bool   // the blank lines were read
	left []byte // and these of them are still to be given
}

func (e *recordEnd) Read(p []byte) (int, error) {
	if !e.done {
		var end [4]byte
		if _, err := io.ReadFull(e.r, end[:]); err != nil || string(end[:]) != "\r\n\r\n" {
			return 0, fmt.Errorf("record %d does not end with a blank line after its block", e.n)
		}
		e.done, e.left = true, end[:]
	}
	if len(e.left) == 0 {
		return 0, io.EOF
	}
	n := copy(p, e.left)
	e.left = e.left[n:]
	return n, nil
}

// recompress writes the records read from r into a temporary file in dir,
// each a gzip member of its own, and returns it.
func recompress(r io.Reader, dir string) (*dataFile, error) {
	out, err := os.CreateTemp(dir, ".webgraph-warc-*")
	if err != nil {
		return nil, err
	}
	d := &dataFile{f: out, temp: true}
	crc, sum := crc32.NewIEEE(), sha256.New()
	cw := &countWriter{w: io.MultiWriter(out, crc, sum)}
	bw := bufio.NewWriterSize(cw, 64<<10)
	zw := gzip.NewWriter(bw)
	err = splitRecords(r, func(rec io.Reader) error {
		if err := bw.Flush(); err != nil {
			return err
		}
		d.starts = append(d.starts, cw.n)
		zw.Reset(bw)
		if _, err := io.Copy(zw, rec); err != nil {
			return err
		}
		return zw.Close()
	})
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		d.close()
		return nil, err
	}
	d.size, d.crc, d.sha256 = cw.n, crc.Sum32(), hex.EncodeToString(sum.Sum(nil))
	return d, nil
}

// countReader counts the bytes read through it.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
