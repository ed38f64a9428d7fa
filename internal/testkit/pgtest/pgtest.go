// Package pgtest starts one real PostgreSQL server for a test binary: initdb
// into a temporary directory and pg_ctl on a loopback port, run as an
// unprivileged user when the tests run as root. Tests ask it for a fresh
// database each; Main stops the server by its PID when the tests end and
// fails the binary if the server outlived it.
//
// Without PostgreSQL installed the tests that need it are skipped with a
// message, unless WEBGRAPH_REQUIRE_POSTGRES=1 or WEBGRAPH_REQUIRE_BROWSER=1
// (set by make test and CI) is set: then they fail.
package pgtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the database/sql driver "pgx"
)

// ErrNoPostgres is returned when no initdb and pg_ctl are found.
var ErrNoPostgres = errors.New("pgtest: PostgreSQL is not installed (initdb and pg_ctl not found; scripts/ensure-postgres.sh installs it)")

// Required reports whether a missing PostgreSQL must fail the run.
func Required() bool {
	return os.Getenv("WEBGRAPH_REQUIRE_POSTGRES") == "1" || os.Getenv("WEBGRAPH_REQUIRE_BROWSER") == "1"
}

// Server is one PostgreSQL server for a test binary, started on first use.
// Its zero value is ready; it is safe for concurrent use.
type Server struct {
	once  sync.Once
	err   error
	dir   string // the temporary directory: data, socket, log
	url   string // the server's postgres:// URL, database "postgres"
	pid   int
	mu    sync.Mutex
	count int
}

// DB returns the URL of a new, empty database on the shared server, starting
// the server on first use. Without PostgreSQL it fails tb when Required,
// else skips it.
func (s *Server) DB(tb testing.TB) string {
	tb.Helper()
	s.once.Do(func() { s.err = s.start() })
	if s.err != nil {
		if Required() || !errors.Is(s.err, ErrNoPostgres) {
			tb.Fatalf("postgres: %v", s.err)
		}
		tb.Skipf("PostgreSQL tests skipped: %v (set WEBGRAPH_REQUIRE_POSTGRES=1 to make this a failure)", s.err)
	}
	s.mu.Lock()
	s.count++
	name := fmt.Sprintf("t%d_%d", os.Getpid(), s.count)
	s.mu.Unlock()
	db, err := sql.Open("pgx", s.url)
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	// name is made here of digits and letters, never of test input.
	if _, err := db.Exec(`CREATE DATABASE ` + name); err != nil {
		tb.Fatalf("postgres: creating database %s: %v", name, err)
	}
	return strings.Replace(s.url, "/postgres?", "/"+name+"?", 1)
}

// URL returns the URL of the server's maintenance database ("postgres"),
// starting the server on first use; "" and the error when it cannot start.
func (s *Server) URL() (string, error) {
	s.once.Do(func() { s.err = s.start() })
	return s.url, s.err
}

// binary finds a PostgreSQL program on PATH or in Debian's directory.
func binary(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/" + name)
	if len(matches) > 0 {
		return matches[len(matches)-1], nil
	}
	return "", ErrNoPostgres
}

// asUser returns a command that runs name as the unprivileged "postgres"
// user when this process is root (PostgreSQL refuses to run as root).
func asUser(name string, args ...string) *exec.Cmd {
	if os.Geteuid() != 0 {
		return exec.Command(name, args...)
	}
	return exec.Command("runuser", append([]string{"-u", "postgres", "--", name}, args...)...)
}

func (s *Server) start() error {
	initdb, err := binary("initdb")
	if err != nil {
		return err
	}
	pgctl, err := binary("pg_ctl")
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "webgraph-pgtest-")
	if err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	s.dir = dir
	if os.Geteuid() == 0 {
		if err := chownToPostgres(dir); err != nil {
			return err
		}
	}
	data := filepath.Join(dir, "data")
	if out, err := asUser(initdb, "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C").CombinedOutput(); err != nil {
		return fmt.Errorf("pgtest: initdb: %v\n%s", err, out)
	}
	var lastErr error
	for range 5 { // a port picked free may be taken before the server binds it
		port, err := freePort()
		if err != nil {
			return err
		}
		opts := fmt.Sprintf("-c listen_addresses=127.0.0.1 -p %d -k %s -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200", port, dir)
		out, err := asUser(pgctl, "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start").CombinedOutput()
		if err != nil {
			log, _ := os.ReadFile(filepath.Join(dir, "log"))
			lastErr = fmt.Errorf("pgtest: pg_ctl start: %v\n%s\n%s", err, out, log)
			continue
		}
		pid, err := postmasterPID(data)
		if err != nil {
			return err
		}
		s.pid = pid
		s.url = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
		return nil
	}
	return lastErr
}

func chownToPostgres(dir string) error {
	out, err := exec.Command("id", "-u", "postgres").Output()
	if err != nil {
		return fmt.Errorf("pgtest: running as root, and no unprivileged \"postgres\" user to run the server: %w", err)
	}
	uid, _ := strconv.Atoi(strings.TrimSpace(string(out)))
	out, err = exec.Command("id", "-g", "postgres").Output()
	if err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	gid, _ := strconv.Atoi(strings.TrimSpace(string(out)))
	if err := os.Chown(dir, uid, gid); err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	return nil
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("pgtest: %w", err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// postmasterPID reads the server's PID from its data directory.
func postmasterPID(data string) (int, error) {
	b, err := os.ReadFile(filepath.Join(data, "postmaster.pid"))
	if err != nil {
		return 0, fmt.Errorf("pgtest: %w", err)
	}
	first, _, _ := strings.Cut(string(b), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil {
		return 0, fmt.Errorf("pgtest: postmaster.pid: %w", err)
	}
	return pid, nil
}

// Stop stops the server by its PID (a fast shutdown, SIGINT), waits for it
// to exit, and removes its directory. It reports a server that would not
// stop. Stop on a server never started does nothing.
func (s *Server) Stop() error {
	var errs []error
	if s.pid > 0 {
		syscall.Kill(s.pid, syscall.SIGINT)
		deadline := time.Now().Add(30 * time.Second)
		for running(s.pid) && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		if running(s.pid) {
			syscall.Kill(s.pid, syscall.SIGKILL)
			errs = append(errs, fmt.Errorf("pgtest: server %d did not stop within 30s; killed", s.pid))
		}
	}
	if s.dir != "" {
		if err := os.RemoveAll(s.dir); err != nil {
			errs = append(errs, fmt.Errorf("pgtest: %w", err))
		}
	}
	return errors.Join(errs...)
}

// running reports whether pid is a live process (not a zombie).
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	_, rest, _ := strings.Cut(string(b), ") ")
	return !strings.HasPrefix(rest, "Z")
}

// Main runs the tests, stops the server, and fails the binary if the server
// or its directory outlived it. Use it from TestMain: os.Exit(pgtest.Main(m, &pg)).
func Main(m *testing.M, s *Server) int {
	code := m.Run()
	if err := s.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	if s.pid > 0 && running(s.pid) {
		fmt.Fprintf(os.Stderr, "pgtest: PostgreSQL server %d still running after the tests\n", s.pid)
		code = 1
	}
	if s.dir != "" {
		if _, err := os.Stat(s.dir); err == nil {
			fmt.Fprintf(os.Stderr, "pgtest: %s still exists after the tests\n", s.dir)
			code = 1
		}
	}
	return code
}

// Ping checks that url answers, for tests that wait on a server.
func Ping(ctx context.Context, url string) error {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return err
	}
	defer db.Close()
	return db.PingContext(ctx)
}

// Pause stops the server's processes (the postmaster this package started
// and its children, found by their parent PID) with SIGSTOP, as a server
// that stalls: connections stay open and nothing answers. The function it
// returns resumes them (SIGCONT); call it before the test ends.
func (s *Server) Pause(tb testing.TB) (resume func()) {
	tb.Helper()
	if s.pid <= 0 {
		tb.Fatal("pgtest: Pause before the server started")
	}
	pids := append([]int{s.pid}, children(s.pid)...)
	for _, pid := range pids {
		if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
			tb.Fatalf("pgtest: stopping %d: %v", pid, err)
		}
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			for _, pid := range slices.Backward(pids) {
				syscall.Kill(pid, syscall.SIGCONT)
			}
		})
	}
}

// children returns the PIDs of the processes whose parent is pid.
func children(pid int) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		i := strings.LastIndex(string(b), ") ")
		if i < 0 {
			continue
		}
		rest := string(b)[i+2:]
		if f := strings.Fields(rest); len(f) > 1 && f[1] == strconv.Itoa(pid) {
			out = append(out, child)
		}
	}
	return out
}
